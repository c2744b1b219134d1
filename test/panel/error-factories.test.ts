/** Coded errors: one constructor per code, one status per code, recognised by shape (issue 14, point 2). */
import { expect } from 'chai';
import { defineError, hasErrorCode, isPanelError, isRefusal, PANEL_ERROR, PanelError, registeredErrorCodes } from '../../panel/errors.ts';

describe('error factories', () => {
  it('defineError registers its code with its status and makes errors that carry both, with their details', () => {
    const WidgetMissing = defineError<{ id: number }>('widgets_test.not_found', 404);
    const e = new WidgetMissing('No widget 7.', { id: 7 });
    expect(registeredErrorCodes().get('widgets_test.not_found')).to.equal(404);
    expect({ code: e.code, status: e.status, message: e.message, details: e.details }).to.deep.equal({
      code: 'widgets_test.not_found',
      status: 404,
      message: 'No widget 7.',
      details: { id: 7 },
    });
    expect(WidgetMissing.is(e) && isRefusal(e) && hasErrorCode(e, 'widgets_test.not_found')).to.equal(true);
    expect(WidgetMissing.is(new PanelError('resource.not_found', 'x'))).to.equal(false);
  });

  it('a code defined again with another status is refused; with the same status it is the same code', () => {
    defineError('widgets_test.busy', 409);
    expect(() => defineError('widgets_test.busy', 423)).to.throw('Error code "widgets_test.busy" is already registered with status 409.');
    expect(new (defineError('widgets_test.busy', 409))('Busy.').status).to.equal(409);
  });

  it('a status that is not an HTTP error status is refused, and an unregistered code cannot be thrown', () => {
    expect(() => defineError('widgets_test.fine', 200)).to.throw('status 200 is not an HTTP error status');
    expect(() => new PanelError('widgets_test.never_registered', 'x')).to.throw('Unregistered error code "widgets_test.never_registered".');
  });

  it('the brand, not the class, makes a coded error: a branded object of the right shape is one, a look-alike without the brand is not', () => {
    const foreign = Object.assign(new Error('From another copy.'), { [Symbol.for('panel.error')]: true, code: 'resource.not_found', status: 404 });
    expect(isPanelError(foreign) && isRefusal(foreign)).to.equal(true);
    expect(isPanelError(Object.assign(new Error('x'), { code: 'resource.not_found', status: 404 }))).to.equal(false);
    expect(isPanelError(Object.assign(new Error('x'), { [PANEL_ERROR]: true, code: 'resource.not_found', status: '404' }))).to.equal(false);
    expect(isRefusal(new PanelError('server.internal', 'x'))).to.equal(false);
  });
});
