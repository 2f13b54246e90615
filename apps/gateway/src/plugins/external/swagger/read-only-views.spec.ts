import fs from 'node:fs';
import path from 'node:path';
import { refineDocument } from './openapi-document';
import { VIEW_FIELD } from './read-only-views';

type Json = Record<string, unknown>;
const GENERATED = path.join(__dirname, '..', '..', '..', '..', '..', '..', 'libs', 'client', 'openapi.json');

const view = (title?: string) => ({ ...(title ? { title } : {}), type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' }, created_at: { type: 'string' } } });
const accepted = { [VIEW_FIELD]: true, 'x-hidden': true };
const json = (schema: Json) => ({ content: { 'application/json': { schema } } });

/** A document as @fastify/swagger builds it: a PATCH whose body accepts its view's id and created_at, a GET of the same view. */
const raw = (title?: string) => ({
  paths: {
    '/things/{id}': {
      patch: {
        requestBody: json({ type: 'object', properties: { name: { type: 'string' }, id: accepted, created_at: accepted } }),
        responses: { '200': json({ type: 'object', properties: { message: { type: 'string' }, data: view(title) } }) },
      },
      get: { responses: { '200': json({ type: 'object', properties: { data: view(title) } }) } },
    },
    '/things': {
      post: {
        requestBody: json({ type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } }),
        responses: { '201': json({ type: 'object', properties: { data: view(title) } }) },
      },
    },
  },
});

const readOnlyOf = (schema: Json) => Object.entries(schema.properties as Record<string, Json>).filter(([, s]) => s.readOnly === true).map(([n]) => n);

describe('read-only fields of the views', () => {
  it('when a body accepts and ignores fields of its view, then the view marks exactly those readOnly and the body does not offer them', () => {
    const doc = refineDocument(raw()) as unknown as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Json }> }; responses: Record<string, { content: Record<string, { schema: Json }> }> }>> };
    const patch = doc.paths['/things/{id}'].patch;
    const data = (patch.responses['200'].content['application/json'].schema.properties as Record<string, Json>).data;
    expect(readOnlyOf(data)).toEqual(['id', 'created_at']);
    expect(Object.keys(patch.requestBody.content['application/json'].schema.properties as Json)).toEqual(['name']);
  });

  it('when the view is a named schema, then it is marked wherever it appears (one component), but for fields another body of it takes', () => {
    const doc = refineDocument(raw('Thing')) as unknown as { components: { schemas: Record<string, Json> } };
    expect(readOnlyOf(doc.components.schemas.Thing)).toEqual(['created_at']);
  });

  it('in the generated document, a recipient, a contact and a webhook say which of their fields a PATCH ignores', () => {
    const { components } = JSON.parse(fs.readFileSync(GENERATED, 'utf8')) as { components: { schemas: Record<string, Json> } };
    expect(readOnlyOf(components.schemas.Recipient)).toEqual(expect.arrayContaining(['created_at', 'updated_at']));
    expect(readOnlyOf(components.schemas.Contact)).toEqual(expect.arrayContaining(['id', 'created_at', 'updated_at']));
    expect(readOnlyOf(components.schemas.Contact)).not.toContain('address');
    expect(readOnlyOf(components.schemas.Webhook)).toEqual(expect.arrayContaining(['id', 'created_at']));
  });

  it('in the generated document, each branch of an "at least one of" rule has a title', () => {
    const { components, paths } = JSON.parse(fs.readFileSync(GENERATED, 'utf8')) as { components: { schemas: Record<string, Json> }; paths: Record<string, Record<string, Json>> };
    const patchContact = (paths['/recipients/{recipient_id}/contacts/{contact_id}'].patch as { requestBody: { content: Record<string, { schema: Json }> } }).requestBody.content['application/json'].schema;
    for (const schema of [components.schemas.SendInput, components.schemas.CatalogEntryPatch, patchContact]) {
      const branches = schema.anyOf as Json[];
      expect(branches.length).toBeGreaterThan(1);
      for (const branch of branches) expect(branch.title).toEqual(expect.any(String));
    }
  });
});
