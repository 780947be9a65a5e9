import { useCallback, useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useConnectivity } from '@/queries/status';
import { isOffline, serverMessage } from '../serverMessage';

/** A moderator's list, loaded from the server; loaded again when the connection comes back after a failure. */
export function useServerList<T>(load: () => Promise<T[]>, failure: string) {
  const { t } = useLingui();
  const online = useConnectivity();
  const [items, setItems] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    setError(null);
    try {
      setItems(await load());
    } catch (err) {
      setError(isOffline(err) ? t`Moderation needs a connection. Try again once you are online.` : serverMessage(err, failure));
    }
  }, [load, failure, t]);
  useEffect(() => {
    if (online && items === null) void reload();
  }, [online, items, reload]);
  return { items, setItems, error, reload, online };
}
