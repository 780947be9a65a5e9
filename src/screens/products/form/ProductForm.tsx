import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@/components/Alert';
import FormField, { type ControlProps } from '@/components/FormField';
import { THUMBNAIL_REQUIRED, type Product } from '@/shared/catalogue';
import { MIN_ORDER_QUANTITY, MIN_STOCK, PRICE_STEP } from '@/shared/constants';
import type { FieldErrors } from '@/shared/validation';
import type { Category } from '@/shared/types';
import { ApiError } from '@/queries/errors';
import { createProduct, updateProduct } from '@/queries/myProducts';
import { shrinkFormPictures } from '@/queries/pictures';
import { serverMessage } from '@/screens/serverMessage';
import MediaFields, { type GalleryState } from './MediaFields';
import { useMessage } from '@/components/useMessage';
import { EMPTY_VALUES, FIELD_ORDER, appendFields, changedFields, validate, valuesOf, type FieldName, type Values } from './values';
import { useContentText } from '@/queries/content';
import PriceTierFields from './PriceTierFields';
import { appendTiers, checkTiers, tierFieldOrder, tierValuesOf, type TierValues } from './tiers';

interface Props {
  /** The product being edited, as the server holds it; null in add mode. */
  product: Product | null;
  categories: Category[];
  onSaved(product: Product): void;
}

/** Server field errors (DRF shape) for the fields this form shows. */
function serverFieldErrors(err: unknown): FieldErrors {
  if (!(err instanceof ApiError) || !err.body || typeof err.body !== 'object' || Array.isArray(err.body)) return {};
  const errors: FieldErrors = {};
  for (const [key, value] of Object.entries(err.body as Record<string, unknown>)) {
    if (Array.isArray(value) && value.length) errors[key] = value.map(String);
  }
  return errors;
}

/**
 * The product form (docs/product.md#screens, #validation-rules): every rule is checked here with the server's own rules
 * (src/shared/catalogue.ts) before anything is sent; add mode posts the whole multipart form,
 * edit mode patches only the changed fields and files.
 */
export default function ProductForm({ product, categories, onSaved }: Props) {
  const { t } = useLingui();
  const { categoryName } = useContentText();
  const translate = useMessage();
  const editing = product !== null;
  const initial = useRef<Values>(product ? valuesOf(product) : EMPTY_VALUES);
  const [values, setValues] = useState<Values>(initial.current);
  const initialTiers = useRef<TierValues>(tierValuesOf(product));
  const [tiers, setTiers] = useState<TierValues>(initialTiers.current);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [thumbnail, setThumbnail] = useState<File | null>(null);
  const [gallery, setGallery] = useState<GalleryState>({ kept: product?.images ?? [], removed: [], added: [] });
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [general, setGeneral] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const sending = useRef<AbortController | null>(null);
  const thumbnailRef = useRef<HTMLInputElement>(null);

  const set = (field: FieldName) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const errorOf = (field: string) => (errors[field]?.[0] ? translate(errors[field][0]) : null);

  /** Focus goes to the first field in error (keyboard and screen reader users land on it). */
  const focusFirstError = (found: FieldErrors) => {
    const first = [...FIELD_ORDER, ...tierFieldOrder(tiers.rows.length)].find((f) => found[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    else if (found.thumbnail) thumbnailRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setGeneral(null);
    setNotice(null);
    const checked = checkTiers(tiers, values);
    const found = { ...validate(values), ...checked.errors };
    if (!editing && !thumbnail) found.thumbnail = [THUMBNAIL_REQUIRED];
    setErrors(found);
    if (Object.keys(found).length > 0) return focusFirstError(found);

    const form = new FormData();
    const fields = editing ? changedFields(initial.current, values) : FIELD_ORDER;
    appendFields(form, values, fields);
    appendTiers(form, checked, editing ? initialTiers.current : null);
    if (thumbnail) form.append('thumbnail', thumbnail, thumbnail.name);
    for (const file of gallery.added) form.append('images', file, file.name);
    for (const removed of gallery.removed) form.append('remove_image_ids', String(removed));
    if (editing && [...form.keys()].length === 0) return setNotice(t`No changes to save.`);

    setBusy(true);
    setProgress(null);
    try {
      // Photos go resized and re-encoded (src/media/compress.ts): a fraction of the bytes.
      await shrinkFormPictures(form, ['thumbnail', 'images'], 'gallery');
      // Pictures over 1 MB go ahead, resumable, with progress; Cancel stops them.
      const controller = new AbortController();
      sending.current = controller;
      const opts = { onProgress: setProgress, signal: controller.signal };
      const saved = editing ? await updateProduct(product.id, form, opts) : await createProduct(form, opts);
      onSaved(saved);
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') {
        setBusy(false);
        setProgress(null);
        setNotice(t`Upload cancelled. Nothing was saved.`);
        return;
      }
      const fieldErrors = serverFieldErrors(err);
      setErrors(fieldErrors);
      setGeneral(translate(serverMessage(err, t`Failed to save product. Please try again.`)));
      focusFirstError(fieldErrors);
      setBusy(false);
      setProgress(null);
    }
  };

  const field = (
    name: FieldName,
    label: ReactNode,
    control: (
      props: ControlProps & {
        name: string;
        value: string;
        disabled: boolean;
        required: true;
        onChange(e: { target: { value: string } }): void;
      },
    ) => ReactNode,
    hint?: ReactNode,
  ) => (
    <FormField label={label} error={errorOf(name)} hint={hint}>
      {(props) =>
        control({ ...props, name, value: values[name], disabled: busy, required: true, onChange: (e) => set(name)(e.target.value) })
      }
    </FormField>
  );

  return (
    <form ref={formRef} className="form product-form__form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      {field('name', <Trans>Product name</Trans>, (p) => (
        <input {...p} type="text" maxLength={200} />
      ))}
      {field('description', <Trans>Description</Trans>, (p) => (
        <textarea {...p} rows={5} />
      ))}
      {field('category_id', <Trans>Category</Trans>, (p) => (
        <select {...p}>
          <option value="">{t`Choose a category`}</option>
          {categories.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {categoryName(c)}
            </option>
          ))}
        </select>
      ))}
      <div className="form__row">
        {field('min_price', <Trans>Minimum price (USD)</Trans>, (p) => (
          <input {...p} type="number" inputMode="decimal" min={0} step={PRICE_STEP} />
        ))}
        {field('max_price', <Trans>Maximum price (USD)</Trans>, (p) => (
          <input {...p} type="number" inputMode="decimal" min={0} step={PRICE_STEP} />
        ))}
      </div>
      <div className="form__row">
        {field('quantity_in_stock', <Trans>Quantity in stock</Trans>, (p) => (
          <input {...p} type="number" inputMode="numeric" min={MIN_STOCK} step={1} />
        ))}
        {field('minimum_order_quantity', <Trans>Minimum order quantity</Trans>, (p) => (
          <input {...p} type="number" inputMode="numeric" min={MIN_ORDER_QUANTITY} step={1} />
        ))}
      </div>

      <PriceTierFields tiers={tiers} onChange={setTiers} minimumOrder={values.minimum_order_quantity} errorOf={errorOf} disabled={busy} />

      <MediaFields
        editing={editing}
        thumbnail={thumbnail}
        existingThumbnail={product?.thumbnail_url ?? null}
        onThumbnail={(file) => {
          setThumbnail(file);
          setErrors(({ thumbnail: _, ...rest }) => rest);
        }}
        thumbnailError={errorOf('thumbnail')}
        thumbnailRef={thumbnailRef}
        gallery={gallery}
        onGallery={setGallery}
        disabled={busy}
      />
      {errorOf('images') ? <Alert>{errorOf('images')}</Alert> : null}

      {progress !== null ? (
        <div className="upload-progress">
          <label htmlFor="product-upload-progress">
            <Trans>Uploading… {Math.round(progress * 100)}%</Trans>
          </label>
          <progress id="product-upload-progress" max={1} value={progress} />
          <button type="button" className="button" onClick={() => sending.current?.abort()}>
            <Trans>Cancel upload</Trans>
          </button>
        </div>
      ) : null}
      {general ? <Alert>{general}</Alert> : null}
      {notice ? <Alert kind="info">{notice}</Alert> : null}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {busy ? <Trans>Saving…</Trans> : editing ? <Trans>Save changes</Trans> : <Trans>Add product</Trans>}
      </button>
    </form>
  );
}
