import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@/components/Alert';
import BackLink from '@/components/BackLink';
import FormField from '@/components/FormField';
import PageHeading from '@/components/PageHeading';
import Spinner from '@/components/Spinner';
import { useCountryName } from '@/components/countries';
import { account } from '@/queries/account';
import { useAuth } from '@/queries/auth';
import { registryShortName } from '@/components/registryNames';
import { isOffline, serverMessage } from '../serverMessage';
import { ApiError, serverText } from '@/queries/errors';
import { useConnectivity } from '@/queries/status';
import { formatDate } from '@/shared/format';
import { REGISTRIES, REGISTRY_NAMES, registryNumberValid, type Registry } from '@/shared/trust';
import type { VerificationRequest } from '@/shared/trust-schema';
import '@/components/trust.css';

/** The registry a supplier most likely holds, by the account's country. */
const REGISTRY_BY_COUNTRY: Record<string, Registry> = { NG: 'CAC', SN: 'RCCM', CI: 'RCCM', TR: 'MERSIS' };

/**
 * /profile/verification (docs/product.md#trust-and-safety): a supplier asks for the business
 * registration check with the registry, its number (checked for the registry's format, src/shared/trust.ts)
 * and a photo or PDF of the certificate, sent through the app's upload path (shrunk, resumable past
 * 1 MB). It shows where the request stands: pending, approved (what was checked and when) or
 * rejected with the moderator's reason. Online only, as every account form.
 */
export default function VerificationScreen() {
  const { t } = useLingui();
  const { user } = useAuth();
  const online = useConnectivity();
  const [requests, setRequests] = useState<VerificationRequest[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setRequests(await account.verificationRequests());
    } catch (err) {
      setLoadError(
        isOffline(err)
          ? t`Verification needs a connection. Try again once you are online.`
          : serverMessage(err, t`Could not load your verification.`),
      );
    }
  }, [t]);

  const supplier = user?.user_type === 'SUPPLIER';
  useEffect(() => {
    if (supplier) void load();
  }, [supplier, load]);

  let body: ReactNode;
  if (!supplier)
    body = (
      <Alert kind="info">
        <Trans>Only suppliers can have their business registration checked.</Trans>
      </Alert>
    );
  else if (loadError)
    body = (
      <>
        <Alert>{loadError}</Alert>
        <button type="button" className="button" onClick={() => void load()} disabled={!online}>
          <Trans>Try again</Trans>
        </button>
      </>
    );
  else if (!requests) body = <Spinner label={t`Loading…`} />;
  else {
    const latest = requests[0];
    const canAsk = !latest || latest.status === 'rejected';
    body = (
      <>
        {latest ? <RequestStatus request={latest} /> : null}
        {canAsk ? <VerificationForm country={user?.country?.code} again={Boolean(latest)} onSent={load} /> : null}
      </>
    );
  }

  return (
    <main className="screen verification">
      <BackLink href="/profile?tab=settings">
        <Trans>Back to settings</Trans>
      </BackLink>
      <PageHeading
        subtitle={
          <Trans>
            Buyers see exactly what was checked and when on your public profile, for example "Business registration (CAC) checked 12 Mar
            2027".
          </Trans>
        }
      >
        <Trans>Business verification</Trans>
      </PageHeading>
      {!online && supplier ? (
        <p className="form-reason">
          <Trans>You are offline: sending a request needs a connection.</Trans>
        </p>
      ) : null}
      {body}
    </main>
  );
}

function RequestStatus({ request }: { request: VerificationRequest }) {
  const { i18n } = useLingui();
  const registry = registryShortName(i18n, request.registry);
  const number = request.registry_number;
  const sent = formatDate(request.created_at);
  const decided = request.decided_at ? formatDate(request.decided_at) : '';
  const reason = request.reason;
  return (
    <section className={`card verification__status verification__status--${request.status}`} aria-labelledby="verification-status">
      <h2 id="verification-status">
        {request.status === 'pending' ? (
          <Trans>Pending: a moderator is checking your registration</Trans>
        ) : request.status === 'approved' ? (
          <Trans>
            Approved: business registration ({registry}) checked {decided}
          </Trans>
        ) : (
          <Trans>Not approved</Trans>
        )}
      </h2>
      <p>
        <Trans>
          {registry} number {number}, sent {sent}.
        </Trans>
      </p>
      {request.status === 'rejected' && reason ? (
        <p>
          <Trans>Moderator's reason: {reason}</Trans>
        </p>
      ) : null}
      {request.status === 'rejected' ? (
        <p className="form-reason">
          <Trans>You can correct what was wrong and send a new request below.</Trans>
        </p>
      ) : null}
    </section>
  );
}

type Errors = { registry?: string; registry_number?: string; document?: string; form?: string };

function VerificationForm({ country, again, onSent }: { country?: string; again: boolean; onSent(): Promise<void> }) {
  const { t, i18n } = useLingui();
  const countryName = useCountryName();
  const id = useId();
  const online = useConnectivity();
  const [registry, setRegistry] = useState<Registry>((country && REGISTRY_BY_COUNTRY[country]) || 'CAC');
  const [number, setNumber] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const example = REGISTRIES[registry].example;
  const registryName = registryShortName(i18n, registry);
  const countriesOf = (name: Registry) =>
    REGISTRIES[name].country
      .split('/')
      .map((code) => countryName(code))
      .join(', ');

  const where = countriesOf(registry);

  const check = (): Errors => {
    const found: Errors = {};
    if (!number.trim()) found.registry_number = t`Enter the registration number.`;
    else if (!registryNumberValid(registry, number)) found.registry_number = t`This is not a ${registryName} number. Example: ${example}`;
    if (!file) found.document = t`Add a photo or PDF of the certificate.`;
    else if (!/^image\/|^application\/pdf$/.test(file.type)) found.document = t`The certificate must be a photo or a PDF.`;
    return found;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setBusy(true);
    try {
      await account.requestVerification({ registry, registry_number: number, file });
      await onSent();
    } catch (err) {
      const fields = { registry_number: fieldError(err, 'registry_number'), document: fieldError(err, 'document') };
      setErrors({
        registry_number: fields.registry_number,
        document: fields.document,
        form: fields.registry_number || fields.document ? undefined : serverMessage(err, t`Could not send your request.`),
      });
      setBusy(false);
    }
  };

  return (
    <section className="card verification__form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{again ? <Trans>Send a new request</Trans> : <Trans>Ask for the business registration check</Trans>}</h2>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <FormField label={<Trans>Registry</Trans>} hint={<Trans>Where your business is registered: {where}</Trans>}>
          {(control) => (
            <select
              {...control}
              name="registry"
              value={registry}
              onChange={(event) => {
                setRegistry(event.target.value as Registry);
                setErrors({});
              }}
            >
              {REGISTRY_NAMES.map((name) => (
                <option key={name} value={name}>
                  {i18n._(REGISTRY_LABELS[name])} ({countriesOf(name)})
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={<Trans>Registration number</Trans>} hint={<Trans>Example: {example}</Trans>} error={errors.registry_number}>
          {(control) => (
            <input
              {...control}
              name="registry_number"
              autoComplete="off"
              spellCheck={false}
              value={number}
              onChange={(event) => {
                setNumber(event.target.value);
                setErrors((e) => ({ ...e, registry_number: undefined }));
              }}
              onBlur={() => {
                if (number.trim() && !registryNumberValid(registry, number))
                  setErrors((e) => ({ ...e, registry_number: t`This is not a ${registryName} number. Example: ${example}` }));
              }}
            />
          )}
        </FormField>
        <FormField
          label={<Trans>Certificate (photo or PDF)</Trans>}
          hint={<Trans>A clear photo or scan of the registration certificate. Only moderators see it.</Trans>}
          error={errors.document}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              name="document"
              accept="image/*,application/pdf"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setErrors((e) => ({ ...e, document: undefined }));
              }}
            />
          )}
        </FormField>
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={busy || !online} aria-busy={busy || undefined}>
            {busy ? <Trans>Sending…</Trans> : <Trans>Send for checking</Trans>}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The server's first message about one field, in the user's language. */
function fieldError(err: unknown, field: string): string | undefined {
  const body = err instanceof ApiError ? (err.body as Record<string, unknown> | null) : null;
  const messages = body?.[field];
  return Array.isArray(messages) && typeof messages[0] === 'string' ? serverText(messages[0]) : undefined;
}

/** Each registry by its full name (src/shared/trust.ts names them by their short one). */
const REGISTRY_LABELS = {
  CAC: msg`CAC – Corporate Affairs Commission`,
  RCCM: msg`RCCM – Trade and Personal Property Credit Register`,
  NINEA: msg`NINEA – National tax identification number`,
  MERSIS: msg`MERSIS – Central Registry System number`,
  VKN: msg`VKN – Tax identification number`,
} satisfies Record<Registry, MessageDescriptor>;
