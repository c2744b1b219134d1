import { expect } from 'chai';

interface ResponseLike {
  status: number;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** Asserts the error envelope, its `req_` request id and the matching X-Request-Id header. */
export function expectErrorEnvelope(res: ResponseLike, status: number, code: string): { code: string; message: string; request_id: string; details?: Record<string, unknown> } {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  const body = res.body as { error?: { code: string; message: string; request_id: string; details?: Record<string, unknown> } };
  expect(body).to.have.property('error');
  const error = body.error!;
  expect(error.code).to.equal(code);
  expect(error.message).to.be.a('string').and.not.be.empty;
  expect(error.request_id).to.match(/^req_[A-Za-z0-9_-]{16,}$/);
  expect(res.headers['x-request-id']).to.equal(error.request_id);
  expect(Object.keys(body)).to.deep.equal(['error']);
  return error;
}
