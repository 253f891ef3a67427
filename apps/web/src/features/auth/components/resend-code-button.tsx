import { Button } from '@mantine/core';
import { limits } from '@jobportal/shared/vocabulary';
import { formatSeconds, useCountdown } from '../hooks/use-countdown';

/**
 * "Send a new code", usable once a minute (the server's limit). The countdown starts at once,
 * because the screen is opened right after a code was sent.
 */
export function ResendCodeButton({ onResend, isSending }: { onResend: () => Promise<boolean>; isSending: boolean }) {
  const { secondsLeft, restart } = useCountdown(limits.otpResendSeconds);
  const isWaiting = secondsLeft > 0;
  return (
    <Button
      variant="subtle"
      size="sm"
      loading={isSending}
      disabled={isWaiting}
      onClick={async () => {
        if (await onResend()) restart(limits.otpResendSeconds);
      }}
      aria-live="polite"
    >
      {isWaiting ? `Send a new code in ${formatSeconds(secondsLeft)}` : 'Send a new code'}
    </Button>
  );
}
