import { useEffect, useState } from 'react';
import { usePendingFile } from '@/queries/chat';
import { PaperclipIcon } from '@/components/icons';

/**
 * The file of a message not yet sent: a picture is previewed from the device's copy, anything
 * else (or a file already uploaded, whose copy is gone) shows its name.
 */
export default function PendingFile({ outboxId, name }: { outboxId: number | undefined; name: string }) {
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
      <PaperclipIcon width={16} height={16} /> {name}
    </p>
  );
}
