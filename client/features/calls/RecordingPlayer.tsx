import { Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button.js';
import { fetchAuthorizedBlob } from './download.js';
import styles from './Calls.module.css';

/**
 * The recording of an answered call. The API serves it only with the bearer token, which an <audio src>
 * cannot send, so the file is fetched when the agent asks for it and played from a local object URL.
 */
export function RecordingPlayer({ url, who }: { url: string; who: string }) {
  const [source, setSource] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source);
    },
    [source],
  );

  const load = async () => {
    setLoading(true);
    try {
      const { blob } = await fetchAuthorizedBlob(url);
      setSource(URL.createObjectURL(blob));
    } catch {
      // The toast said why; the button stays for another try.
    } finally {
      setLoading(false);
    }
  };

  if (source) return <audio className={styles.audio} controls autoPlay src={source} aria-label={`Recording of the call with ${who}`} />;
  return (
    <Button size="sm" variant="secondary" onPress={() => void load()} isPending={loading} aria-label={`Play the recording of the call with ${who}`}>
      <Play size={14} aria-hidden="true" /> Play
    </Button>
  );
}
