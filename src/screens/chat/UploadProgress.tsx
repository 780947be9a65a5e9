import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '@/shared/format';
import { cancelUpload, useUploadProgress } from '@/queries/uploads';

const megabytes = (bytes: number) => formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/**
 * A file on its way: bytes and percentage sent, and a button that stops the upload and takes
 * the message back. Resumed uploads start from what the server already has.
 */
export default function UploadProgress({ outboxId, name }: { outboxId: number; name: string }) {
  const { t } = useLingui();
  const progress = useUploadProgress(outboxId);
  if (!progress) return null;
  const { sent, total } = progress;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  return (
    <div className="upload-progress">
      <progress className="upload-progress__bar" max={total || 1} value={sent} aria-label={t`Upload of ${name}`} />
      <span className="upload-progress__text" data-testid="upload-progress">
        <Trans>
          {megabytes(sent)} MB of {megabytes(total)} MB ({percent}%)
        </Trans>
      </span>
      <button type="button" className="button button--ghost button--small" onClick={() => void cancelUpload(outboxId)}>
        <Trans>Cancel</Trans>
      </button>
    </div>
  );
}
