import { useState } from 'react';
import { Button, Group, Textarea } from '@mantine/core';

/** The `@partial` being typed at the end of the text, if any (a mention starts at the text's start or after a space). */
export function typedMention(text: string): string | null {
  const match = /(?:^|\s)@([\p{L}\p{N}'-]*(?: [\p{L}\p{N}'-]*)?)$/u.exec(text);
  return match ? match[1]! : null;
}

/** Suggests teammates whose name starts with what follows `@` (or whose last name does). */
export function mentionSuggestions(
  partial: string,
  team: ReadonlyArray<{ id: number; full_name: string }>,
): Array<{ id: number; full_name: string }> {
  const p = partial.toLowerCase();
  return team
    .filter(
      (m) =>
        m.full_name.toLowerCase().startsWith(p) ||
        m.full_name
          .toLowerCase()
          .split(/\s+/)
          .some((w) => w.startsWith(p)),
    )
    .slice(0, 5);
}

/**
 * A note's text box: typing `@` offers teammates by name; picking one writes `@Full Name`, the
 * form the server reads as a mention (decision 023).
 */
export function MentionInput({
  value,
  onChange,
  team,
  label,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  team: ReadonlyArray<{ id: number; full_name: string }>;
  label: string;
  error?: string;
  disabled?: boolean;
}) {
  const [focused, setFocused] = useState(false);
  const partial = typedMention(value);
  const suggestions = focused && partial !== null ? mentionSuggestions(partial, team) : [];
  const pick = (name: string) => onChange(`${value.slice(0, value.length - partial!.length - 1)}@${name} `);
  return (
    <div>
      <Textarea
        label={label}
        description="Only your team sees notes. Type @ and a teammate's name to mention them: they are notified."
        autosize
        minRows={2}
        maxRows={8}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setTimeout(() => setFocused(false), 150)}
        error={error}
        disabled={disabled}
        maxLength={5000}
      />
      {suggestions.length > 0 && (
        <Group gap={4} mt={4} role="group" aria-label="Mention a teammate">
          {suggestions.map((m) => (
            <Button key={m.id} size="compact-xs" variant="light" onMouseDown={(e) => e.preventDefault()} onClick={() => pick(m.full_name)}>
              @{m.full_name}
            </Button>
          ))}
        </Group>
      )}
    </div>
  );
}
