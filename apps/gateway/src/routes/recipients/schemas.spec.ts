import { LIMITS } from '@herald/contracts';
import { checkRecipientId } from '@herald/service-kit';
import { validatorCompiler } from '../../plugins/app/errors/validator';
import { refineDocument } from '../../plugins/external/swagger/openapi-document';
import { CreateRecipientBody, UpdateRecipientBody } from './schemas';

// The recipient id rule is checkRecipientId's (service-kit), applied by the recipient service; the
// gateway must not refuse what it accepts. Lengths are code points: 256 astral characters are 512
// UTF-16 units.
describe('gateway recipient schemas agree with the shared recipient id rule', () => {
  const create = validatorCompiler({ schema: CreateRecipientBody, httpPart: 'body' });
  const update = validatorCompiler({ schema: UpdateRecipientBody, httpPart: 'body' });
  const astral = (n: number) => '😀'.repeat(n);

  it.each([
    ['256 ASCII characters', 'a'.repeat(LIMITS.recipientIdMax)],
    ['129 astral characters (258 UTF-16 units)', astral(129)],
    ['256 astral characters (512 UTF-16 units)', astral(LIMITS.recipientIdMax)],
    ['mixed BMP and astral characters', `${'é'.repeat(100)}${astral(156)}`],
  ])('when the id is %s, which the rule accepts, then the gateway accepts it too', (_case, id) => {
    expect(checkRecipientId(id)).toBeNull();
    expect(create({ id })).toEqual({ value: { id } });
  });

  it('when the name is 256 astral characters, which the rule accepts, then the gateway accepts it on create and update', () => {
    const name = astral(LIMITS.recipientNameMax);
    expect(create({ id: 'u1', name })).toEqual({ value: { id: 'u1', name } });
    expect(update({ name })).toEqual({ value: { name } });
  });

  it('when the id is not a string, then the gateway still refuses it (the type is its check)', () => {
    expect(create({ id: 5 })).toHaveProperty('error');
    expect(create({ id: '' })).toHaveProperty('error');
  });

  it('when the document is published, then it states the rule: maxLength counts characters (code points) in JSON Schema', () => {
    const doc = refineDocument({ schema: CreateRecipientBody as unknown as Record<string, unknown> }) as { schema: { properties: Record<string, Record<string, unknown>> } };
    expect(doc.schema.properties.id).toMatchObject({ type: 'string', minLength: 1, maxLength: LIMITS.recipientIdMax });
    expect(doc.schema.properties.id.pattern).toEqual(expect.any(String));
    expect(JSON.stringify(doc.schema.properties.name)).toContain(`"maxLength":${LIMITS.recipientNameMax}`);
  });
});
