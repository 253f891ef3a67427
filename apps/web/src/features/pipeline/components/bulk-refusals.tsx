import { List, Text } from '@mantine/core';
import { isApiError } from '../../../lib/api/api-error';

/** Why a bulk action was refused: the server's reason per applicant (`fields["ids.<id>"]`), by name where known. */
export function BulkRefusals({ error, names }: { error: unknown; names?: Readonly<Record<number, string>> }) {
  if (!isApiError(error)) return null;
  const perId = Object.entries(error.fields).filter(([key]) => key.startsWith('ids.'));
  return (
    <div role="alert">
      <Text size="sm" c="red" fw={500}>
        {error.detail}
      </Text>
      {perId.length > 0 && (
        <List size="sm" c="red" mt={4}>
          {perId.slice(0, 10).map(([key, reasons]) => {
            const id = Number(key.slice(4));
            return (
              <List.Item key={key}>
                {names?.[id] ?? `Application ${id}`}: {reasons.join(' ')}
              </List.Item>
            );
          })}
          {perId.length > 10 && <List.Item>…and {perId.length - 10} more.</List.Item>}
        </List>
      )}
    </div>
  );
}
