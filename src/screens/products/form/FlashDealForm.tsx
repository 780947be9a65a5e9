import { useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@/components/Alert';
import FormField from '@/components/FormField';
import Price from '@/components/Price';
import { DEAL_NEEDS_BOTH, dealRunning, flashDealRuleErrors, readFlashDeal, type Product } from '@/shared/catalogue';
import { PRICE_STEP } from '@/shared/constants';
import type { FieldErrors } from '@/shared/validation';
import { formatDateTime, formatPrice } from '@/shared/format';
import { updateProduct } from '@/queries/myProducts';
import { serverMessage } from '@/screens/serverMessage';
import { useMessage } from '@/components/useMessage';

/** A datetime-local value ("2026-05-01T18:00", the device's time) as an ISO instant; '' stays ''. */
function toIso(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/**
 * Puts the product on a flash deal (a deal price below its minimum price, ending in the
 * future) or ends the running one. The rules are the server's (src/shared/catalogue.ts).
 */
export default function FlashDealForm({ product, onSaved }: { product: Product; onSaved(product: Product): void }) {
  const { t } = useLingui();
  const translate = useMessage();
  const id = useId();
  const [price, setPrice] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const running = dealRunning(product);

  const send = async (fields: { price: string; flash_deal_ends_at: string }, success: string) => {
    const form = new FormData();
    form.append('price', fields.price);
    form.append('flash_deal_ends_at', fields.flash_deal_ends_at);
    setBusy(true);
    setGeneral(null);
    setDone(null);
    try {
      const saved = await updateProduct(product.id, form);
      setDone(success);
      setPrice('');
      setEndsAt('');
      onSaved(saved);
    } catch (err) {
      setGeneral(translate(serverMessage(err, t`Failed to save product. Please try again.`)));
    } finally {
      setBusy(false);
    }
  };

  const onStart = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = { price: price.trim(), flash_deal_ends_at: toIso(endsAt) };
    const read = readFlashDeal(input);
    const found = read.deal ? flashDealRuleErrors(read.deal, product.min_price) : read.errors;
    // Both blank reads as "end the deal": here it means nothing was filled in.
    if (read.deal && read.deal.price === null) found.price = [DEAL_NEEDS_BOTH];
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = found.price ? 'price' : 'flash_deal_ends_at';
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    void send(input, t`The flash deal has started.`);
  };

  const errorOf = (field: string) => (errors[field]?.[0] ? translate(errors[field][0]) : null);
  return (
    <section className="card flash-deal" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <Trans>Flash deal</Trans>
      </h2>
      {running ? (
        <>
          <p>
            <Trans>
              {/* biome-ignore lint/style/noNonNullAssertion: a running deal has its end time. */}
              On a flash deal at <Price min={product.price} /> until {formatDateTime(product.flash_deal_ends_at!)}.
            </Trans>
          </p>
          {general ? <Alert>{general}</Alert> : null}
          {done ? <Alert kind="success">{done}</Alert> : null}
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => send({ price: '', flash_deal_ends_at: '' }, t`The flash deal has ended.`)}
          >
            {busy ? <Trans>Saving…</Trans> : <Trans>End flash deal</Trans>}
          </button>
        </>
      ) : (
        <form ref={formRef} className="form" noValidate onSubmit={onStart} aria-busy={busy}>
          <p className="muted">
            <Trans>Sell below your minimum price ({formatPrice(product.min_price, 'USD', 1)}) for a limited time.</Trans>
          </p>
          <div className="form__row">
            <FormField label={<Trans>Deal price (USD)</Trans>} error={errorOf('price')}>
              {(control) => (
                <input
                  {...control}
                  name="price"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={PRICE_STEP}
                  required
                  value={price}
                  disabled={busy}
                  onChange={(e) => setPrice(e.target.value)}
                />
              )}
            </FormField>
            <FormField label={<Trans>Deal ends at</Trans>} error={errorOf('flash_deal_ends_at')}>
              {(control) => (
                <input
                  {...control}
                  name="flash_deal_ends_at"
                  type="datetime-local"
                  required
                  value={endsAt}
                  disabled={busy}
                  onChange={(e) => setEndsAt(e.target.value)}
                />
              )}
            </FormField>
          </div>
          {general ? <Alert>{general}</Alert> : null}
          {done ? <Alert kind="success">{done}</Alert> : null}
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? <Trans>Saving…</Trans> : <Trans>Start flash deal</Trans>}
          </button>
        </form>
      )}
    </section>
  );
}
