import type { ChangeEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '@/shared/format';
import { usePictureBudget } from '@/queries/pictures';

const megabytes = (bytes: number) => formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 });

/**
 * How much room product pictures saved ahead for offline use may take (src/sync/pull/prefetch.ts),
 * beside what the device holds of them now. Off saves only what was shown. Keeping the choice
 * and telling the service worker is the hook's (src/queries/pictures.ts).
 */
export default function PictureBudget() {
  const { t } = useLingui();
  const { budget, choices, saved, choose: chooseBudget } = usePictureBudget();

  const choose = (event: ChangeEvent<HTMLSelectElement>) => chooseBudget(Number(event.target.value));

  return (
    <div className="details-list__row">
      <dt>
        <label htmlFor="picture-budget" className="picture-budget__label">
          <Trans>Pictures saved for offline use</Trans>
        </label>
      </dt>
      <dd className="picture-budget">
        <select id="picture-budget" className="picture-budget__select" value={budget} onChange={choose}>
          {choices.map((mb) => (
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
