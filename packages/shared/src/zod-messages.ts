import { z } from 'zod';

// Plain-language messages for the cases zod words technically; both the server and the forms use them.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required.';
    if (issue.code === 'invalid_type') return `Expected ${issue.expected}.`;
    return undefined;
  },
});
