import { SERVER_MSG } from '@eta/shared';

/** An error with an honest HTTP code and a message fit to show staff or customers (DESIGN §5). */
export class AppError extends Error {
  readonly httpStatus: number;
  readonly data: unknown;
  constructor(httpStatus: number, message: string, data?: unknown) {
    super(message);
    this.httpStatus = httpStatus;
    this.data = data;
  }

  static badRequest(message: string, errors?: Record<string, string>) {
    return new AppError(400, message, errors ? { errors } : undefined);
  }
  static unauthorized(message: string = SERVER_MSG.unauthorized) {
    return new AppError(401, message);
  }
  static forbidden(message: string = SERVER_MSG.forbidden) {
    return new AppError(403, message);
  }
  static notFound(message: string = SERVER_MSG.notFound) {
    return new AppError(404, message);
  }
  static conflict(message: string, data?: unknown) {
    return new AppError(409, message, data);
  }
  static tooMany(message: string = SERVER_MSG.tooManyRequests) {
    return new AppError(429, message);
  }
}
