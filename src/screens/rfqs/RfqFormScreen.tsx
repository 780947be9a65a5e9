import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation, useSearch } from 'wouter';
import Alert from '@/components/Alert';
import BackLink from '@/components/BackLink';
import FormField, { type ControlProps } from '@/components/FormField';
import PageHeading from '@/components/PageHeading';
import { useMessage } from '@/components/useMessage';
import { useCategories } from '@/queries/categories';
import { useContentText } from '@/queries/content';
import { useCurrency } from '@/queries/rates';
import { postRfq } from '@/queries/rfqs';
import { formatDate } from '@/shared/format';
import { RFQ_DEADLINE_MAX_DAYS, RFQ_DEADLINE_MIN_DAYS, RFQ_DESCRIPTION_MAX, RFQ_TITLE_MAX } from '@/shared/rfqs';
import type { FieldErrors } from '@/shared/validation';
import { PicturePicker } from './RfqPictures';
import { DEFAULT_DEADLINE_DAYS, RFQ_FIELDS, deadlineIn, toUsd, validateRfq, type RfqField, type RfqValues } from './rfqForm';
import '../screens.css';
import './rfqs.css';

/**
 * /requests/new: a buyer asks the suppliers of a category for quotes (docs/api.md#requests-for-quotation).
 * Checked with the shared rules before anything is queued; posting is an outbox intent, so it
 * works offline and goes out once when the connection allows. `?title=` fills the title (an
 * empty search's "Can't find it? Ask suppliers").
 */
export default function RfqFormScreen() {
  const { t } = useLingui();
  const translate = useMessage();
  const { categoryName } = useContentText();
  const categories = useCategories();
  const currency = useCurrency();
  const [, navigate] = useLocation();
  const asked = new URLSearchParams(useSearch()).get('title') ?? '';
  const [values, setValues] = useState<RfqValues>({
    title: asked.slice(0, RFQ_TITLE_MAX),
    description: '',
    category: '',
    quantity: '',
    target_price: '',
    deadline_days: String(DEFAULT_DEADLINE_DAYS),
  });
  const [pictures, setPictures] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  /** The shared rules' words where they say enough; where they are generic, what this field wants. */
  const explain: Partial<Record<RfqField, string>> = {
    title: t`Say what you are looking for, in a few words.`,
    description: t`Describe what you need: specifications, packaging, delivery.`,
    category: t`Choose the category whose suppliers should see your request.`,
    quantity: t`Enter how many units you need: a whole number, 1 or more.`,
    target_price: t`Enter the price you hope to pay per unit, above 0, or leave it empty.`,
  };
  const errorOf = (field: RfqField) => {
    const first = errors[field]?.[0];
    if (!first) return null;
    // Too long: the shared rule names the limit; otherwise the field's own explanation.
    if (/no more than/.test(first)) return translate(first);
    return explain[field] ?? translate(first);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const found = validateRfq(values, currency.rate);
    setErrors(found);
    const first = RFQ_FIELDS.find((f) => found[f]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const category = categories.find((c) => String(c.id) === values.category);
    if (!category) return;
    setBusy(true);
    try {
      const id = await postRfq({
        title: values.title,
        description: values.description,
        category: { id: category.id, name: category.name },
        quantity: Number(values.quantity),
        target_price: toUsd(values.target_price, currency.rate) as string | null,
        deadline: deadlineIn(Number(values.deadline_days)),
        pictures,
      });
      navigate(`/requests/${id}`);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  const field = (name: RfqField, label: ReactNode, control: (props: ControlProps & Inputs) => ReactNode, hint?: ReactNode) => (
    <FormField label={label} error={errorOf(name)} hint={hint}>
      {(props) =>
        control({
          ...props,
          name,
          value: values[name],
          disabled: busy,
          onChange: (e) => setValues((v) => ({ ...v, [name]: e.target.value })),
        })
      }
    </FormField>
  );
  const days = Number(values.deadline_days);
  const closesOn =
    Number.isInteger(days) && days >= RFQ_DEADLINE_MIN_DAYS && days <= RFQ_DEADLINE_MAX_DAYS ? formatDate(deadlineIn(days)) : null;
  const code = currency.code;

  return (
    <main className="screen screen--narrow rfq-form">
      <BackLink href="/requests">
        <Trans>Requests for quotation</Trans>
      </BackLink>
      <PageHeading
        subtitle={<Trans>Suppliers of the category answer with a price, a quantity and a lead time; each quote opens a chat.</Trans>}
      >
        <Trans>Ask suppliers for quotes</Trans>
      </PageHeading>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        {field('title', <Trans>What are you looking for?</Trans>, (p) => (
          <input {...p} type="text" required maxLength={RFQ_TITLE_MAX} />
        ))}
        {field('description', <Trans>Details</Trans>, (p) => (
          <textarea {...p} required rows={5} maxLength={RFQ_DESCRIPTION_MAX} />
        ))}
        {field('category', <Trans>Category</Trans>, (p) => (
          <select {...p} required>
            <option value="">{t`Choose a category`}</option>
            {categories.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {categoryName(c)}
              </option>
            ))}
          </select>
        ))}
        <div className="form__row">
          {field('quantity', <Trans>Quantity (units)</Trans>, (p) => (
            <input {...p} type="number" inputMode="numeric" required min={1} step={1} />
          ))}
          {field(
            'target_price',
            <Trans>Target unit price ({code}, optional)</Trans>,
            (p) => (
              <input {...p} type="number" inputMode="decimal" min={0} step="0.01" />
            ),
            <Trans>Suppliers see it in their own currency.</Trans>,
          )}
        </div>
        {field(
          'deadline_days',
          <Trans>Quotes wanted within (days)</Trans>,
          (p) => (
            <input {...p} type="number" inputMode="numeric" required min={RFQ_DEADLINE_MIN_DAYS} max={RFQ_DEADLINE_MAX_DAYS} step={1} />
          ),
          closesOn ? (
            <Trans>From 1 to 60 days. The request closes on {closesOn}, or at its tenth quote.</Trans>
          ) : (
            <Trans>From 1 to 60 days.</Trans>
          ),
        )}
        <PicturePicker files={pictures} onChange={setPictures} disabled={busy} />
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            <Trans>Post the request</Trans>
          </button>
        </div>
        <p className="muted">
          <Trans>
            Suppliers see your name and country, never your e-mail or phone. It is saved on this device and sent when the connection allows.
          </Trans>
        </p>
      </form>
    </main>
  );
}

interface Inputs {
  name: string;
  value: string;
  disabled: boolean;
  onChange(e: { target: { value: string } }): void;
}
