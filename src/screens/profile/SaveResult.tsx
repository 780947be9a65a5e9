import Alert from '@/components/Alert';

/** What saving a settings form came to: the message, and on failure the server's reason when it gave one. */
export type SaveOutcome = { kind: 'success' | 'error'; message: string; reason?: string };

export default function SaveResult({ result }: { result: SaveOutcome | null }) {
  if (!result) return null;
  return (
    <Alert kind={result.kind}>
      {result.message}
      {result.reason ? <span className="alert__detail">{result.reason}</span> : null}
    </Alert>
  );
}
