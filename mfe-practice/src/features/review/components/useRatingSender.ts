import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@verba/kit';
import { sendRating, type Review } from '../api/review';

/** Sends ratings one by one and tells how many are still on their way; each send answers its review id. */
export function useRatingSender() {
  const [inFlight, setInFlight] = useState(0);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => void (live.current = false);
  }, []);
  const send = useCallback(async (review: Review): Promise<string | undefined> => {
    setInFlight((n) => n + 1);
    try {
      return await sendRating(review);
    } catch (error) {
      toast({
        title: 'A rating could not be saved.',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
      return undefined;
    } finally {
      if (live.current) setInFlight((n) => n - 1);
    }
  }, []);
  return { send, saving: inFlight > 0 };
}
