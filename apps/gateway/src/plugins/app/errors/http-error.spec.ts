import { Code, ConnectError } from '@connectrpc/connect';
import { ErrorInfoSchema } from '@herald/contracts';
import { conflict, DomainError, invalid, notFound, toConnectError } from '@herald/service-kit';
import { errorBody, GatewayError, toHttpError } from './http-error';

const withInfo = (message: string, code: Code, machineCode: string) =>
  new ConnectError(message, code, undefined, [{ desc: ErrorInfoSchema, value: { code: machineCode, violations: [] } }]);

describe('toHttpError', () => {
  it.each([
    [Code.InvalidArgument, 400],
    [Code.FailedPrecondition, 400],
    [Code.NotFound, 404],
    [Code.AlreadyExists, 409],
    [Code.Unauthenticated, 401],
    [Code.PermissionDenied, 403],
    [Code.ResourceExhausted, 429],
  ])('when a service answers Connect code %s, then the status is %s with the detail code and message', (code, status) => {
    const mapped = toHttpError(withInfo('Something precise', code, 'some_code'));
    if (status === 401) expect(mapped.headers).toEqual({ 'WWW-Authenticate': 'Bearer' });
    if (status === 429) expect(mapped.headers).toEqual({ 'Retry-After': '5' });
    expect(mapped).toMatchObject({ status, code: 'some_code', message: 'Something precise' });
  });

  it('when a service refuses the gateway\'s service token, then 500 internal (a deployment fault, not the client\'s 401)', () => {
    expect(toHttpError(withInfo('service token missing or invalid', Code.Unauthenticated, 'service_token_refused'))).toEqual({
      status: 500,
      code: 'internal',
      message: 'Internal server error',
    });
  });

  it.each([Code.Unavailable, Code.DeadlineExceeded])('when a service is unreachable (%s), then 503 with a generic text', (code) => {
    expect(toHttpError(new ConnectError('connect ECONNREFUSED 127.0.0.1:50051', code))).toEqual({
      status: 503,
      code: 'unavailable',
      message: 'Service temporarily unavailable, retry later',
    });
  });

  it('when the service cannot be reached (connection refused), then 503', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(toHttpError(new ConnectError('connect ECONNREFUSED 127.0.0.1:9', Code.Internal, undefined, undefined, refused))).toMatchObject({
      status: 503,
      code: 'unavailable',
    });
  });

  it.each([Code.Internal, Code.Unknown, Code.DataLoss, Code.Unimplemented])('when a service fails with %s, then 500 leaks nothing', (code) => {
    expect(toHttpError(withInfo('MongoServerError: E11000 at db.x', code, 'secret'))).toEqual({
      status: 500,
      code: 'internal',
      message: 'Internal server error',
    });
  });

  it('when a validation failure carries field violations, then they become errors', () => {
    const err = toConnectError(
      invalid('Validation failed', [{ message: 'id is invalid', description: 'too long', property_path: 'id', invalid_value: 'x' }]),
    );
    expect(toHttpError(err)).toEqual({
      status: 400,
      code: 'validation_failed',
      message: 'Validation failed',
      errors: [{ message: 'id is invalid', description: 'too long', property_path: 'id', invalid_value: 'x' }],
    });
  });

  it('when a Connect error has no ErrorInfo, then the code falls back by status', () => {
    expect(toHttpError(new ConnectError('gone', Code.NotFound))).toEqual({ status: 404, code: 'not_found', message: 'gone' });
  });

  it('when the gateway throws a domain error, then it maps through the same table', () => {
    expect(toHttpError(notFound('recipient_not_found', 'Recipient not found'))).toMatchObject({ status: 404, code: 'recipient_not_found' });
    expect(toHttpError(conflict('recipient_exists', 'Recipient already exists'))).toMatchObject({ status: 409 });
    expect(toHttpError(new DomainError('forbidden', 'forbidden', 'no'))).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('when the gateway refuses a credential, then 401 with WWW-Authenticate: Bearer', () => {
    const err = new DomainError('unauthenticated', 'unauthorized', 'Missing key');
    expect(toHttpError(err)).toEqual({ status: 401, code: 'unauthorized', message: 'Missing key', headers: { 'WWW-Authenticate': 'Bearer' } });
  });

  it('when a gateway error carries headers, then they are kept', () => {
    const err = new GatewayError('exhausted', 'rate_limited', 'Slow down', { 'Retry-After': '2' });
    expect(toHttpError(err)).toEqual({ status: 429, code: 'rate_limited', message: 'Slow down', headers: { 'Retry-After': '2' } });
  });

  it.each([
    ['FST_ERR_CTP_BODY_TOO_LARGE', 413, 'payload_too_large'],
    ['FST_ERR_CTP_INVALID_JSON_BODY', 400, 'validation_failed'],
    ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 400, 'validation_failed'],
  ])('when fastify raises %s, then %s %s', (code, status, machine) => {
    expect(toHttpError(Object.assign(new Error('x'), { code, statusCode: 400 }))).toMatchObject({ status, code: machine });
  });

  it('when an unknown error is thrown, then a generic 500', () => {
    expect(toHttpError(new TypeError('cannot read x of undefined'))).toEqual({ status: 500, code: 'internal', message: 'Internal server error' });
  });
});

describe('errorBody', () => {
  const e = { status: 404, code: 'contact_not_found', message: 'Contact not found' };
  it('when the path is in the message family, then {message, code}', () => {
    expect(errorBody('message', e)).toEqual({ message: 'Contact not found', code: 'contact_not_found' });
  });
  it('when the path is in the error family, then {error, details}', () => {
    expect(errorBody('error', e)).toEqual({ error: 'contact_not_found', details: 'Contact not found' });
  });
  it('when the error is a validation failure, then errors are included in either family', () => {
    expect(errorBody('error', { ...e, errors: [] })).toEqual({ error: 'contact_not_found', details: 'Contact not found', errors: [] });
  });
});
