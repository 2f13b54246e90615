import { jsonShapeProblem } from './json-shape';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe('jsonShapeProblem', () => {
  it.each([
    ['an object', '{"a": [1, {"b": "c"}], "d": null}'],
    ['64 levels', nested(64)],
    ['brackets inside strings', `{"a": "${'['.repeat(1000)}\\"${'{'.repeat(1000)}"}`],
    ['empty containers', '{"a": [], "b": {}, "c": [[], {}]}'],
  ])('when the body is %s, then it passes', (_name, text) => {
    expect(jsonShapeProblem(text)).toBeNull();
  });

  it.each([
    ['65 levels', nested(65)],
    ['100,000 levels', nested(100_000)],
    ['a field 5,000 deep', `{"id": "x", "name": ${nested(5_000)}}`],
    ['objects 100 deep', '{"a":'.repeat(100) + '1' + '}'.repeat(100)],
  ])('when the body nests %s, then it is refused', (_name, text) => {
    expect(jsonShapeProblem(text)).toMatch(/nesting deeper than 64/);
  });

  it('when the body holds more values than allowed, then it is refused; exactly the limit passes', () => {
    expect(jsonShapeProblem(`[${Array(5).fill('0').join(',')}]`, 64, 5)).toBeNull();
    expect(jsonShapeProblem(`[${Array(6).fill('0').join(',')}]`, 64, 5)).toMatch(/more than 5/);
    expect(jsonShapeProblem('{"a":1,"b":2,"c":[3,4]}', 64, 5)).toBeNull(); // a, b, c, 3, 4
    expect(jsonShapeProblem('{"a":1,"b":2,"c":[3,4,5]}', 64, 5)).toMatch(/more than 5/);
    expect(jsonShapeProblem('[[],[],[],[],[],[]]', 64, 5)).toMatch(/more than 5/);
  });
});
