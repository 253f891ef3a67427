let sequence = 0;
/** A suffix no other call of this process gives: names and e-mails of made rows never collide. */
export const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}`;
