// A refusal of an operator command (no such account, domain not connected, …): the CLI prints the
// message and exits 1.
export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorError';
  }
}
