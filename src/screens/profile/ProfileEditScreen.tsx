import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import Alert from '@/components/Alert';
import BackLink from '@/components/BackLink';
import CategoryChecklist from '@/components/CategoryChecklist';
import FormField from '@/components/FormField';
import LogoField from '@/components/LogoField';
import PageHeading from '@/components/PageHeading';
import Spinner from '@/components/Spinner';
import type { BuyerProfile, Category, SupplierProfile } from '@/shared/types';
import { account } from '@/queries/account';
import { fetchCategories } from '@/queries/categories';
import { useAuth } from '@/queries/auth';
import { shrinkFormPictures } from '@/queries/pictures';
import { failureReason } from '../serverMessage';
import AccountDetailsForm from './AccountDetailsForm';
import '../screens.css';
import './profile.css';

/** docs/product.md#uploads: the logo must be an image (checked by type here, by content on the server). */
const isImage = (file: File) => file.type.startsWith('image/');

interface Draft {
  name: string;
  about: string;
  categories: number[];
}

/**
 * /profile/edit: the seller or buyer profile of the signed-in user, by role (docs/product.md#roles-and-permissions). Loads
 * the profile and the categories, sends the multipart PATCH of docs/api.md#calls, then reloads /me/.
 */
export default function ProfileEditScreen() {
  const { t } = useLingui();
  const { user, refreshUser } = useAuth();
  const [, navigate] = useLocation();
  const supplier = user?.user_type === 'SUPPLIER';
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [logo, setLogo] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; logo?: string; categories?: string }>({});
  const [failure, setFailure] = useState<{ message: string; reason: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const logoInput = useRef<HTMLInputElement>(null);

  const userType = user?.user_type ?? null;
  // Loads once the role is known (the auth state may still be loading); a stale answer is dropped.
  const load = useCallback(() => {
    if (!userType) return;
    let active = true;
    setLoadFailed(false);
    const profile: Promise<SupplierProfile | BuyerProfile> = userType === 'SUPPLIER' ? account.supplierProfile() : account.buyerProfile();
    Promise.all([profile, fetchCategories()]).then(
      ([loaded, list]) => {
        if (!active) return;
        setCategories(list);
        setDraft(
          'company_name' in loaded
            ? { name: loaded.company_name, about: loaded.about, categories: loaded.industries.map((c) => c.id) }
            : { name: loaded.name, about: '', categories: loaded.interested_categories.map((c) => c.id) },
        );
      },
      (err) => {
        console.warn('Profile edit could not load', err);
        if (active) setLoadFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [userType]);
  useEffect(load, [load]);

  const onLogo = (file: File | undefined) => {
    if (file && !isImage(file)) {
      setLogo(null);
      setErrors((e) => ({ ...e, logo: t`The logo must be an image file.` }));
      if (logoInput.current) logoInput.current.value = '';
      return;
    }
    setErrors(({ logo: _, ...rest }) => rest);
    setLogo(file ?? null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !draft) return;
    const found: typeof errors = {};
    if (!draft.name.trim()) found.name = t`This field is required.`;
    if (draft.categories.length === 0) found.categories = t`Choose at least one category.`;
    if (errors.logo) found.logo = errors.logo;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      const first = found.name ? '[name="name"]' : found.categories ? 'fieldset input' : 'input[type="file"]';
      formRef.current?.querySelector<HTMLElement>(first)?.focus();
      return;
    }
    const form = new FormData();
    form.append(supplier ? 'company_name' : 'name', draft.name.trim());
    if (supplier) form.append('about', draft.about.trim());
    for (const id of draft.categories) form.append(supplier ? 'industry_ids' : 'category_ids', String(id));
    if (logo) form.append('logo', logo, logo.name);
    setBusy(true);
    try {
      await shrinkFormPictures(form, ['logo'], 'logo');
      await (supplier ? account.updateSupplierProfile(form) : account.updateBuyerProfile(form));
      await refreshUser();
      navigate('/profile?tab=details');
    } catch (err) {
      setFailure({ message: t`Failed to update profile. Please check the fields.`, reason: failureReason(err) });
      setBusy(false);
    }
  };

  return (
    <main className="screen screen--narrow profile-edit">
      <BackLink href="/profile">
        <Trans>Back to profile</Trans>
      </BackLink>
      <PageHeading
        subtitle={
          supplier ? (
            <Trans>Your company name, description, logo and industries.</Trans>
          ) : (
            <Trans>Your name, logo and categories of interest.</Trans>
          )
        }
      >
        <Trans>Edit profile</Trans>
      </PageHeading>
      {loadFailed ? (
        <>
          <Alert>{t`Could not load your profile for editing.`}</Alert>
          <button type="button" className="button" onClick={load}>
            <Trans>Try again</Trans>
          </button>
        </>
      ) : !draft || !categories ? (
        <Spinner label={t`Loading…`} />
      ) : (
        <form ref={formRef} className="form card" noValidate onSubmit={onSubmit} aria-busy={busy}>
          <FormField label={supplier ? <Trans>Company name</Trans> : <Trans>Name</Trans>} error={errors.name}>
            {(control) => (
              <input
                {...control}
                type="text"
                name="name"
                required
                autoComplete={supplier ? 'organization' : 'name'}
                maxLength={150}
                value={draft.name}
                disabled={busy}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            )}
          </FormField>
          {supplier ? (
            <FormField label={<Trans>About the company</Trans>}>
              {(control) => (
                <textarea
                  {...control}
                  name="about"
                  rows={4}
                  maxLength={2000}
                  value={draft.about}
                  disabled={busy}
                  onChange={(e) => setDraft({ ...draft, about: e.target.value })}
                />
              )}
            </FormField>
          ) : null}
          <CategoryChecklist
            legend={supplier ? <Trans>Industries</Trans> : <Trans>Categories of interest</Trans>}
            categories={categories}
            selected={draft.categories}
            disabled={busy}
            onChange={(selected) => setDraft({ ...draft, categories: selected })}
            invalid={Boolean(errors.categories)}
            describedBy={errors.categories ? 'profile-edit-categories-error' : undefined}
          />
          {errors.categories ? (
            <p className="field__error" id="profile-edit-categories-error">
              {errors.categories}
            </p>
          ) : null}
          <LogoField logo={logo} error={errors.logo} disabled={busy} inputRef={logoInput} onChange={onLogo} />
          {failure ? (
            <Alert>
              {failure.message}
              {failure.reason ? <span className="alert__detail">{failure.reason}</span> : null}
            </Alert>
          ) : null}
          <button type="submit" className="button button--primary button--block" disabled={busy}>
            {busy ? <Trans>Saving…</Trans> : <Trans>Save profile</Trans>}
          </button>
        </form>
      )}
      {user ? <AccountDetailsForm user={user} /> : null}
    </main>
  );
}
