import { useState } from 'react';
import { Button } from '@mantine/core';
import { limits } from '@jobportal/shared/vocabulary';
import { formatSeconds, useCountdown } from '../hooks/use-countdown';

/**
 * "Send a new code", usable once a minute (the server's limit). The countdown starts at once when
 * the screen was opened right after a code was sent; opened directly, a code can be asked for now.
 */
export function ResendCodeButton({
  onResend,
  isSending,
  wasJustSent,
}: {
  onResend: () => Promise<boolean>;
  isSending: boolean;
  wasJustSent: boolean;
}) {
  const { secondsLeft, restart } = useCountdown(wasJustSent ? limits.otpResendSeconds : 0);
  const [hasSent, setHasSent] = useState(wasJustSent);
  const isWaiting = secondsLeft > 0;
  return (
    <Button
      variant="subtle"
      size="sm"
      loading={isSending}
      disabled={isWaiting}
      onClick={async () => {
        if (await onResend()) {
          setHasSent(true);
          restart(limits.otpResendSeconds);
        }
      }}
      aria-live="polite"
    >
      {isWaiting ? `Send a new code in ${formatSeconds(secondsLeft)}` : hasSent ? 'Send a new code' : 'Send me a code'}
    </Button>
  );
}
