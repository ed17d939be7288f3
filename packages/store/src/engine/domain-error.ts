// The shape of the errors the domains on the engine raise (IAM, tiers, replication,
// lifecycle): a kind of their own, never a wire code, and the text to show when it is not
// the catalogue's. http/domain-errors.ts maps each kind to its wire code.
export class DomainError<Kind extends string> extends Error {
  constructor(
    readonly kind: Kind,
    /** undefined: the answer carries the catalogue's text for the kind's code. */
    readonly detail?: string,
  ) {
    super(detail ?? kind);
  }
}
