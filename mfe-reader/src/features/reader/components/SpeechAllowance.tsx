import { useEffect, useRef } from 'react';
import { Link } from '@verba/kit';
import { useSpeechAllowance } from '../api/speech-api';

const SUBSCRIBE_PATH = '/app/user-profile/subscribe';

/**
 * Under "Listen": how many of the month's free pronunciations are left (POST translationLimit counts nothing).
 * Shown only where the limit applies: Master is unlimited, and a failed look-up shows nothing rather than a guess.
 * `speaking` is the panel's playing flag: when a play ends the count is read again.
 */
export function SpeechAllowance({ speaking }: { speaking: boolean }) {
  const allowance = useSpeechAllowance();
  const wasSpeaking = useRef(speaking);
  const { refetch } = allowance;
  useEffect(() => {
    if (wasSpeaking.current && !speaking) void refetch();
    wasSpeaking.current = speaking;
  }, [speaking, refetch]);

  const data = allowance.data;
  if (!data || data.limit === null || data.remaining === 'unlimited') return null;
  return (
    <p className="rd-info rd-allowance" role="status">
      {data.remaining} of {data.limit} free pronunciations left this month.
      {data.remaining === 0 ? (
        <>
          {' '}
          <Link href={SUBSCRIBE_PATH}>Upgrade to Master</Link> for unlimited pronunciations.
        </>
      ) : null}
    </p>
  );
}
