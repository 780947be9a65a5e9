import { useEffect, useState, type ChangeEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '@/shared/format';
import { PICTURE_BUDGET_CHOICES_MB, pictureBudgetBytes, savedPicturesBytes, setPictureBudget } from '@/media/saved';

const megabytes = (bytes: number) => formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 });

/**
 * How much room product pictures saved ahead for offline use may take (src/sync/prefetch.ts),
 * beside what the device holds of them now. Off saves only what was shown.
 */
export default function PictureBudget() {
  const { t } = useLingui();
  const [budget, setBudget] = useState(() => Math.round(pictureBudgetBytes() / (1024 * 1024)));
  const [saved, setSaved] = useState<number | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new budget is the cue to measure again (saving ahead follows it).
  useEffect(() => {
    let active = true;
    void savedPicturesBytes().then((bytes) => active && setSaved(bytes));
    return () => {
      active = false;
    };
  }, [budget]);

  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const mb = Number(event.target.value);
    setPictureBudget(mb);
    setBudget(mb);
  };

  return (
    <div className="details-list__row">
      <dt>
        <label htmlFor="picture-budget" className="picture-budget__label">
          <Trans>Pictures saved for offline use</Trans>
        </label>
      </dt>
      <dd className="picture-budget">
        <select id="picture-budget" className="picture-budget__select" value={budget} onChange={choose}>
          {PICTURE_BUDGET_CHOICES_MB.map((mb) => (
            <option key={mb} value={mb}>
              {mb === 0 ? t`Only pictures already shown` : t`Up to ${mb} MB`}
            </option>
          ))}
        </select>
        {saved !== null ? (
          <span className="picture-budget__saved">
            <Trans>{megabytes(saved)} MB saved now</Trans>
          </span>
        ) : null}
      </dd>
    </div>
  );
}
