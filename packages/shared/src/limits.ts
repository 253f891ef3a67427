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
} as const;
