// The test renderer against kustomize's rules: strategic-merge cases, unsupported input, and (where
// a kubectl with built-in kustomize is installed) the rendered overlays compared with `kubectl kustomize`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { idOf, podSpecOf, renderKustomization, type K8sObject } from './testing/render-kustomization';
import { strategicMerge } from './testing/strategic-merge';

describe('strategicMerge', () => {
  const deployment = {
    spec: {
      replicas: 2,
      template: {
        spec: {
          containers: [
            { name: 'app', image: 'a:1', env: [{ name: 'A', value: '1' }], ports: [{ containerPort: 80, name: 'http' }], args: ['x'] },
            { name: 'sidecar', image: 's:1' },
          ],
        },
      },
    },
  };
  type D = typeof deployment;
  const app = (d: D) => d.spec.template.spec.containers[0];

  it.each([
    ['a scalar is replaced', { spec: { replicas: 1 } }, (d: D) => expect(d.spec.replicas).toBe(1)],
    ['null deletes a field', { spec: { replicas: null } }, (d: D) => expect(d.spec).not.toHaveProperty('replicas')],
    [
      'containers merge on name',
      { spec: { template: { spec: { containers: [{ name: 'app', image: 'a:2' }] } } } },
      (d: D) => {
        expect(d.spec.template.spec.containers.map((c) => `${c.name}=${c.image}`)).toEqual(['app=a:2', 'sidecar=s:1']);
        expect(app(d).env).toEqual([{ name: 'A', value: '1' }]);
      },
    ],
    [
      'env merges on name and appends new names',
      { spec: { template: { spec: { containers: [{ name: 'app', env: [{ name: 'A', value: '2' }, { name: 'B', value: '3' }] }] } } } },
      (d: D) => expect(app(d).env).toEqual([{ name: 'A', value: '2' }, { name: 'B', value: '3' }]),
    ],
    [
      'container ports merge on containerPort',
      { spec: { template: { spec: { containers: [{ name: 'app', ports: [{ containerPort: 80, protocol: 'TCP' }] }] } } } },
      (d: D) => expect(app(d).ports).toEqual([{ containerPort: 80, name: 'http', protocol: 'TCP' }]),
    ],
    [
      'a list without merge key is replaced',
      { spec: { template: { spec: { containers: [{ name: 'app', args: ['y', 'z'] }] } } } },
      (d: D) => expect(app(d).args).toEqual(['y', 'z']),
    ],
  ])('when %s, then kustomize semantics hold', (_name, patch, check) => {
    const before = structuredClone(deployment);
    check(strategicMerge(deployment, patch));
    expect(deployment).toEqual(before);
  });

  it('when a patch uses a directive, then it is refused rather than misapplied', () => {
    expect(() => strategicMerge(deployment, { spec: { $patch: 'replace' } })).toThrow(/not supported/);
  });
});

describe('renderKustomization', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-kustomize-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const cm = (name: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  k: v\n`;

  it('when a kustomization uses a field the renderer lacks, then rendering fails', () => {
    write('kustomization.yaml', 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamePrefix: x-\n');
    expect(() => renderKustomization(dir)).toThrow(/namePrefix/);
  });

  it('when a patch matches nothing, then rendering fails', () => {
    write('cm.yaml', cm('a'));
    write('p.yaml', cm('b'));
    write('kustomization.yaml', 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [cm.yaml]\npatches:\n  - path: p.yaml\n');
    expect(() => renderKustomization(dir)).toThrow(/matches 0 objects/);
  });

  it('when two resources share an id, then rendering fails', () => {
    write('cm.yaml', cm('a'));
    write('again.yaml', cm('a'));
    write('kustomization.yaml', 'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources: [cm.yaml, again.yaml]\n');
    expect(() => renderKustomization(dir)).toThrow(/declared twice/);
  });

  it('when a component and the overlay both set images, then the component tag stays unless the overlay sets one', () => {
    write(
      'c/kustomization.yaml',
      'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources: [d.yaml]\nimages:\n  - name: app\n    newTag: "1.2.3"\n',
    );
    write(
      'c/d.yaml',
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: d\nspec:\n  selector: {}\n  template:\n    spec:\n      containers:\n        - name: c\n          image: app\n',
    );
    write(
      'kustomization.yaml',
      'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nnamespace: ns\ncomponents: [c]\nimages:\n  - name: app\n    newName: reg.example/app\n',
    );
    const [d] = renderKustomization(dir);
    expect(podSpecOf(d)?.containers?.[0].image).toBe('reg.example/app:1.2.3');
    expect(d.metadata.namespace).toBe('ns');
  });
});

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8', timeout: 20000 });
const hasKubectl = kubectl.status === 0 && /Kustomize Version/.test(kubectl.stdout);

describe('renderKustomization against kubectl kustomize', () => {
  // Runs where kubectl (with its built-in kustomize) is installed; the other tests above pin the rules.
  const itWithKubectl = hasKubectl ? it : it.skip;
  const sorted = (objects: K8sObject[]) => [...objects].sort((a, b) => `${a.apiVersion}/${idOf(a)}`.localeCompare(`${b.apiVersion}/${idOf(b)}`));

  itWithKubectl.each(['dev', 'prod'])('when overlay %s is rendered, then the result equals kubectl kustomize', (overlay) => {
    const dir = path.join(__dirname, 'overlays', overlay);
    const res = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', timeout: 60000 });
    expect(res.stderr).toBe('');
    const reference = parseAllDocuments(res.stdout).map((d) => d.toJS() as K8sObject);
    expect(sorted(renderKustomization(dir))).toEqual(sorted(reference));
  });
});
