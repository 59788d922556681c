// Time is injected (deps.clock) so lockout, expiry and retention can be tested without sleeping.
// A leaf module: anything may import it without pulling in the app.

export type Clock = () => Date;
