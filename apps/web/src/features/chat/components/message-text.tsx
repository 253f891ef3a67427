import { Anchor } from '@mantine/core';
import { linkParts } from './chat-format';

/** A message's text: links clickable, everything else shown as typed (React escapes it; never HTML). */
export function MessageText({ content }: { content: string }) {
  return (
    <>
      {linkParts(content).map((part, i) =>
        part.href ? (
          <Anchor key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" inherit underline="always" c="inherit">
            {part.text}
          </Anchor>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
