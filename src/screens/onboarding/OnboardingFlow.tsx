import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import Alert from '@/components/Alert';
import CategoryChecklist from '@/components/CategoryChecklist';
import FormField from '@/components/FormField';
import { SearchIcon, StoreIcon } from '@/components/icons';
import LogoField from '@/components/LogoField';
import PageHeading from '@/components/PageHeading';
import Spinner from '@/components/Spinner';
import { useMessage } from '@/components/useMessage';
import type { UserType } from '@/shared/constants';
import type { Category } from '@/shared/types';
import { buyerSetupSchema, supplierSetupSchema } from '@/shared/validation';
import { fetchCategories } from '@/queries/categories';
import { useAuth } from '@/queries/auth';
import { shrinkFormPictures } from '@/queries/pictures';
import { failureReason } from '../serverMessage';
import '../screens.css';

/** docs/product.md#uploads: the logo is optional and must be an image file (checked here by its type). */
const isImage = (file: File) => file.type.startsWith('image/');

/**
 * Account-type setup after a first login (docs/product.md#screens): step 1 chooses Supplier or Buyer,
 * step 2 asks for the name, the categories and an optional logo, then sends the multipart
 * form of docs/api.md#calls (POST /me/set-account-type/). Shown on /onboarding and in the first-login modal.
 */
/** Where the user is in the two steps, read out as "Step 1 of 2". */
function Steps({ current }: { current: 1 | 2 }) {
  const { t } = useLingui();
  const steps = [t`Account type`, t`Your details`];
  return (
    <ol className="onboarding-steps" aria-label={t`Step ${current} of 2`}>
      {steps.map((label, index) => {
        const step = index + 1;
        const state = step < current ? 'done' : step === current ? 'current' : 'next';
        return (
          <li
            key={label}
            className={`onboarding-steps__step onboarding-steps__step--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="onboarding-steps__number" aria-hidden="true">
              {state === 'done' ? '✓' : step}
            </span>
            <span className="onboarding-steps__label">{label}</span>
          </li>
        );
      })}
    </ol>
  );
}

export default function OnboardingFlow({ onDone }: { onDone?: () => void }) {
  const { t } = useLingui();
  const translate = useMessage();
  const { completeOnboarding, user } = useAuth();
  const firstName = user?.first_name ?? '';
  const [, navigate] = useLocation();
  const id = useId();

  const [accountType, setAccountType] = useState<UserType | null>(null);
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The server's reason or the connection problem, beside the spec's failure message.
  const [reason, setReason] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const logoInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLDivElement>(null);

  const loadCategories = useCallback(() => {
    setLoadError(null);
    fetchCategories().then(setCategories, (err) => {
      console.warn('Onboarding could not load categories', err);
      setLoadError(t`Failed to load categories.`);
    });
  }, [t]);
  useEffect(loadCategories, [loadCategories]);

  // Each step starts with its heading focused, so keyboard and screen reader users land there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step (accountType) is the trigger, not a value read.
  useEffect(() => {
    heading.current?.querySelector('h1')?.focus();
  }, [accountType]);

  const choose = (type: UserType | null) => {
    setAccountType(type);
    setError(null);
  };

  const onLogoChange = (file: File | undefined) => {
    if (file && !isImage(file)) {
      setLogo(null);
      setLogoError(t`The logo must be an image file.`);
      if (logoInput.current) logoInput.current.value = '';
      return;
    }
    setLogoError(null);
    setLogo(file ?? null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !accountType) return;
    const parsed =
      accountType === 'SUPPLIER'
        ? supplierSetupSchema.safeParse({ account_type: accountType, company_name: name, industry_ids: selected })
        : buyerSetupSchema.safeParse({ account_type: accountType, name, category_ids: selected });
    if (!parsed.success) return setError(translate(parsed.error.issues[0].message));

    const form = new FormData();
    form.append('account_type', accountType);
    if (accountType === 'SUPPLIER') {
      form.append('company_name', name.trim());
      for (const categoryId of selected) form.append('industry_ids', String(categoryId));
    } else {
      form.append('name', name.trim());
      for (const categoryId of selected) form.append('category_ids', String(categoryId));
    }
    if (logo) form.append('logo', logo);

    setError(null);
    setBusy(true);
    try {
      await shrinkFormPictures(form, ['logo'], 'logo');
      await completeOnboarding(form);
      if (onDone) onDone();
      else navigate('/', { replace: true });
    } catch (err) {
      setError(t`Failed to complete setup. Please try again.`);
      setReason(failureReason(err) || null);
      setBusy(false);
    }
  };

  if (!accountType) {
    return (
      <section className="onboarding" aria-labelledby={`${id}-title`}>
        <Steps current={1} />
        <div ref={heading}>
          <PageHeading id={`${id}-title`} subtitle={<Trans>How will you use the marketplace?</Trans>}>
            <Trans>Set up your account</Trans>
          </PageHeading>
        </div>
        {firstName ? (
          <p className="onboarding__welcome">
            <Trans>Welcome, {firstName}! Two short steps and the marketplace is yours.</Trans>
          </p>
        ) : null}
        <div className="onboarding__choices">
          <button type="button" className="choice-card" onClick={() => choose('SUPPLIER')}>
            <StoreIcon className="choice-card__icon" width={32} height={32} />
            <span className="choice-card__title">
              <Trans>Supplier</Trans>
            </span>
            <span className="choice-card__text">
              <Trans>List your products and reach buyers.</Trans>
            </span>
          </button>
          <button type="button" className="choice-card" onClick={() => choose('BUYER')}>
            <SearchIcon className="choice-card__icon" width={32} height={32} />
            <span className="choice-card__title">
              <Trans>Buyer</Trans>
            </span>
            <span className="choice-card__text">
              <Trans>Find products and talk to suppliers.</Trans>
            </span>
          </button>
        </div>
      </section>
    );
  }

  const supplier = accountType === 'SUPPLIER';
  return (
    <section className="onboarding" aria-labelledby={`${id}-title`}>
      <Steps current={2} />
      <button type="button" className="link-button onboarding__back" onClick={() => choose(null)} disabled={busy}>
        <span aria-hidden="true">← </span>
        <Trans>Back</Trans>
      </button>
      <div ref={heading}>
        <PageHeading id={`${id}-title`}>
          {supplier ? <Trans>Tell us about your company</Trans> : <Trans>Tell us about yourself</Trans>}
        </PageHeading>
      </div>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <FormField label={supplier ? <Trans>Company name</Trans> : <Trans>Name</Trans>}>
          {(control) => (
            <input
              {...control}
              type="text"
              name={supplier ? 'company_name' : 'name'}
              autoComplete={supplier ? 'organization' : 'name'}
              required
              value={name}
              disabled={busy}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </FormField>

        {categories ? (
          <CategoryChecklist
            legend={supplier ? <Trans>Industries</Trans> : <Trans>Categories of interest</Trans>}
            categories={categories}
            selected={selected}
            onChange={setSelected}
            disabled={busy}
          />
        ) : loadError ? (
          <>
            <Alert>{loadError}</Alert>
            <button type="button" className="link-button" onClick={loadCategories}>
              <Trans>Try again</Trans>
            </button>
          </>
        ) : (
          <Spinner inline label={t`Loading categories…`} />
        )}

        <LogoField logo={logo} error={logoError} disabled={busy} inputRef={logoInput} onChange={onLogoChange} />

        {error ? <Alert>{error}</Alert> : null}
        {reason ? <p className="form-reason">{reason}</p> : null}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? <Trans>Saving…</Trans> : <Trans>Complete setup</Trans>}
        </button>
      </form>
    </section>
  );
}
