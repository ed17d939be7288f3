/** Spec 000 §5: passwords of created users and changed user passwords. */
export const MIN_PASSWORD_LENGTH = 8;
