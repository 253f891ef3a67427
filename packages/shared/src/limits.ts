/** Business constants shared by the server's rules and the web's forms. */
export const limits = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 120,
  emailMax: 254,
  otpLength: 6,
  otpTtlMinutes: 10,
  otpMaxAttempts: 5,
  otpResendSeconds: 60,
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlDays: 30,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  /** Deeper pages are refused: nobody reads them, and huge offsets only cost the database. */
  pageMax: 10_000,
  /** A chat message: 1 to 4,000 characters, not only spaces. */
  chatMessageMax: 4000,
  /** The client's id of a message it sends, which makes a retry harmless. */
  chatClientIdMax: 64,
  /** An unread chat message is e-mailed to its recipient after this many minutes (once per quiet spell). */
  chatUnreadEmailMinutes: 15,
} as const;
