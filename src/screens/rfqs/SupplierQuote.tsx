import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import Alert from '@/components/Alert';
import FormField, { type ControlProps } from '@/components/FormField';
import { useMessage } from '@/components/useMessage';
import { useAuth } from '@/queries/auth';
import { useCurrency } from '@/queries/rates';
import { sendQuote, useOwnProducts, useRfqQuotes, type RfqRow } from '@/queries/rfqs';
import { orderTotal } from '@/shared/deals';
import { RFQ_LEAD_TIME_MAX_DAYS, RFQ_NOTE_MAX, rfqQuoteInput } from '@/shared/rfqs';
import { toFieldErrors, type FieldErrors } from '@/shared/validation';
import { toUsd } from './rfqForm';
import { PendingLine } from './rfqText';

const FIELDS = ['product', 'unit_price', 'quantity', 'lead_time_days', 'note'] as const;
type Field = (typeof FIELDS)[number];

/**
 * A supplier on a request (docs/api.md#requests-for-quotation): their own quote once sent (only
 * theirs: they never see another supplier's), else the form to send one, checked with the shared
 * rules and queued in the outbox. The quote opens the conversation with an offer card.
 */
export default function SupplierQuote({ rfq }: { rfq: RfqRow }) {
  const { user } = useAuth();
  const currency = useCurrency();
  const { data: quotes } = useRfqQuotes(rfq.id);
  const own = quotes?.find((q) => q.supplier.id === user?.id);
  if (quotes === undefined) return null;
  if (own) {
    const days = own.lead_time_days;
    const quantity = own.quantity;
    return (
      <section className="card" aria-labelledby="my-quote-title">
        <h2 id="my-quote-title">
          <Trans>Your quote</Trans>
        </h2>
        <p>
          <Trans>
            {currency.format(own.unit_price)} per unit × {quantity} = {currency.format(orderTotal(own.unit_price, own.quantity))}, ready in{' '}
            {days} days
          </Trans>
        </p>
        {own.note ? <p className="quote-card__note">“{own.note}”</p> : null}
        {own.pending === 'failed' ? (
          <Alert>
            <Trans>Your quote was not sent.</Trans> {own.error}
          </Alert>
        ) : own.pending ? (
          <p className="muted" role="status">
            <PendingLine row={own} />
          </p>
        ) : null}
        {own.conversation !== null ? (
          <Link href={`/chat/${own.conversation}`} className="button button--ghost">
            <Trans>Open the conversation</Trans>
          </Link>
        ) : null}
      </section>
    );
  }
  if (rfq.status === 'closed')
    return (
      <p className="rfq__closed" role="status">
        <Trans>This request is closed.</Trans>
      </p>
    );
  return <QuoteForm rfq={rfq} />;
}

function QuoteForm({ rfq }: { rfq: RfqRow }) {
  const { t } = useLingui();
  const translate = useMessage();
  const { user } = useAuth();
  const currency = useCurrency();
  const { data: products } = useOwnProducts(user?.id, rfq.category.id);
  const [values, setValues] = useState<Record<Field, string>>({
    product: '',
    unit_price: '',
    quantity: String(rfq.quantity),
    lead_time_days: '',
    note: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const code = currency.code;
  const maxDays = RFQ_LEAD_TIME_MAX_DAYS;

  const explain: Record<Field, string> = {
    product: t`Choose the product you quote with: one of your own listings.`,
    unit_price: t`Enter your price per unit, above 0.`,
    quantity: t`Enter how many units you offer: a whole number, 1 or more.`,
    lead_time_days: t`Enter in how many days the order can be ready: a whole number from 0 to ${maxDays}.`,
    note: translate(errors.note?.[0] ?? ''),
  };
  const errorOf = (field: Field) => (errors[field]?.[0] ? explain[field] : null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const usd = toUsd(values.unit_price, currency.rate);
    const parsed = rfqQuoteInput.safeParse({ ...values, unit_price: Number.isNaN(usd) ? values.unit_price : (usd ?? '') });
    const found = parsed.success ? {} : toFieldErrors(parsed.error.issues);
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first || !parsed.success) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const { product, unit_price, quantity, lead_time_days, note } = parsed.data;
      await sendQuote(rfq, { product, unit_price, quantity, lead_time_days, note });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: ReactNode, control: (props: ControlProps & Inputs) => ReactNode, hint?: ReactNode) => (
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

  return (
    <section className="card quote-form" aria-labelledby="quote-form-title">
      <h2 id="quote-form-title">
        <Trans>Send a quote</Trans>
      </h2>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        {field('product', <Trans>Product</Trans>, (p) => (
          <select {...p} required>
            <option value="">{t`Choose one of your products`}</option>
            {(products ?? []).map((product) => (
              <option key={product.id} value={String(product.id)}>
                {product.name} ({currency.format(product.price)})
              </option>
            ))}
          </select>
        ))}
        <div className="form__row">
          {field('unit_price', <Trans>Unit price ({code})</Trans>, (p) => (
            <input {...p} type="number" inputMode="decimal" required min={0} step="0.01" />
          ))}
          {field('quantity', <Trans>Quantity</Trans>, (p) => (
            <input {...p} type="number" inputMode="numeric" required min={1} step={1} />
          ))}
        </div>
        {field('lead_time_days', <Trans>Lead time (days)</Trans>, (p) => (
          <input {...p} type="number" inputMode="numeric" required min={0} max={RFQ_LEAD_TIME_MAX_DAYS} step={1} />
        ))}
        {field(
          'note',
          <Trans>Note (optional)</Trans>,
          (p) => (
            <textarea {...p} rows={3} maxLength={RFQ_NOTE_MAX} />
          ),
          <Trans>Terms, packaging, delivery. The buyer gets your quote as an offer in a chat.</Trans>,
        )}
        {failure ? <Alert>{failure}</Alert> : null}
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            <Trans>Send the quote</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}

interface Inputs {
  name: string;
  value: string;
  disabled: boolean;
  onChange(e: { target: { value: string } }): void;
}
