// Typed errors thrown by services and infrastructure; one middleware maps them to HTTP answers.

export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 423 | 429 | 500,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidError extends AppError {
  constructor(message = 'Invalid input') {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Not allowed') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message = 'Conflict') {
    super(409, message);
  }
}

export class TooLargeError extends AppError {
  constructor(message = 'Too large') {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Unsupported media type') {
    super(415, message);
  }
}

/** A byte range that starts at or beyond the end of the object. */
export class RangeNotSatisfiableError extends AppError {
  constructor(readonly size: number) {
    super(416, 'Requested range not satisfiable');
  }
}

export class LockedError extends AppError {
  constructor(message = 'The site is locked') {
    super(423, message);
  }
}

/** "45 seconds", "1 minute", "15 minutes", "2 hours": how long to wait, rounded up. */
export function waitText(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * 60) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

export class TooManyRequestsError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message = `Too many attempts. Please try again in ${waitText(retryAfterSeconds)}.`,
  ) {
    super(429, message);
  }
}
