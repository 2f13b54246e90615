import { errorFamilyOf } from './error-family';

describe('errorFamilyOf', () => {
  it.each([
    ['GET', '/recipients/alice', 'message'],
    ['POST', '/recipients', 'message'],
    ['POST', '/recipients/batch', 'message'],
    ['POST', '/recipients/alice/contacts', 'message'],
    ['PATCH', '/recipients/alice/contacts/3', 'message'],
    ['PUT', '/recipients/alice/contacts', 'error'],
    ['PUT', '/recipients/alice/contacts?x=1', 'error'],
    ['put', '/recipients/alice/contacts/', 'error'],
    ['PUT', '/recipients//contacts', 'error'],
    ['PUT', '/recipients/alice/contacts/3', 'message'],
    ['GET', '/notifications/5', 'message'],
    ['GET', '/broadcasts/5', 'message'],
    ['GET', '/preferences', 'error'],
    ['PATCH', '/preferences/4?x', 'error'],
    ['POST', '/admin/projects', 'error'],
    ['GET', '/admin', 'error'],
    ['GET', '/administrator', 'message'],
    ['GET', '/no/such/route', 'message'],
  ])('when %s %s fails, then the body is in the %s family', (method, url, family) => {
    expect(errorFamilyOf(method, url)).toBe(family);
  });
});
