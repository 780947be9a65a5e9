import { useEffect, useState } from 'react';
import { usePendingFile } from '@/queries/chat';
import { PaperclipIcon } from '@/components/icons';
import { FileFacts } from './Attachment';

/**
 * The file of a message not yet sent: a picture is previewed from the device's copy, anything
 * else (or a file already uploaded, whose copy is gone) shows its name.
 */
export default function PendingFile({ outboxId, name, size }: { outboxId: number | undefined; name: string; size?: number | null }) {
  const file = usePendingFile(outboxId);
  const [url, setUrl] = useState<string | null>(null);
  const picture = Boolean(file?.type.startsWith('image/'));

  useEffect(() => {
    if (!file || !picture) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [file, picture]);

  if (picture && url) return <img className="message__image" src={url} alt={name} />;
  return (
    <p className="message__pending-file">
      <PaperclipIcon width={16} height={16} />
      <span className="message__file-text">
        <span>{name}</span>
        <FileFacts name={name} size={file?.size ?? size} />
      </span>
    </p>
  );
}
