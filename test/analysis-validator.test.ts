import { expect } from '@open-wc/testing';
import * as fc from 'fast-check';
import { createServicesValidator } from '../src/analysis/schema.js';
import { applyStateDelta } from '../src/state/index.js';

type Services = Record<string, unknown>[];

function service(index: number, latency = 40): Record<string, unknown> {
  return {
    id: `svc-${index}`,
    name: `Service ${index}`,
    series: index % 2 ? 'Core' : 'Platform',
    volume: 100,
    latency,
  };
}

function services(count: number): Services {
  return Array.from({ length: count }, (_, index) => service(index));
}

/** A validator that has accepted `list`, so its next check is against it. */
function validatorThatAccepted(list: Services) {
  const validate = createServicesValidator();
  expect(validate(list, undefined)).to.equal(null);
  return validate;
}

const FIELD_VALUES: Record<string, unknown[]> = {
  id: ['svc-0', 'svc-1', 'svc-new', '', '  ', 7],
  name: ['Renamed', '', 3, null],
  series: ['Core', 'Platform', 'Edge'],
  volume: [0, 12.5, -1, Number.POSITIVE_INFINITY, '12'],
  latency: [0, 99, -5, Number.NaN, null],
  extra: ['ignored', 1],
};

/** One operation on a list of four services: a field, a whole service, an item added or removed. */
const operation = fc.oneof(
  fc
    .tuple(
      fc.nat(3),
      fc.constantFrom(...Object.keys(FIELD_VALUES)),
      fc.nat(FIELD_VALUES.id!.length - 1),
    )
    .map(([at, field, pick]) => {
      const values = FIELD_VALUES[field]!;
      return { op: 'add', path: `/${at}/${field}`, value: values[pick % values.length] };
    }),
  fc
    .tuple(fc.nat(3), fc.constantFrom('name', 'latency', 'extra'))
    .map(([at, field]) => ({ op: 'remove', path: `/${at}/${field}` })),
  fc
    .tuple(fc.nat(3), fc.nat(6))
    .map(([at, index]) => ({ op: 'replace', path: `/${at}`, value: service(index, 7) })),
  fc
    .tuple(fc.nat(3), fc.constantFrom<unknown>(null, 5, 'svc', [service(9)]))
    .map(([at, value]) => ({ op: 'replace', path: `/${at}`, value })),
  fc.nat(4).map((at) => ({ op: 'add', path: `/${at}`, value: service(10 + at) })),
  fc.nat(3).map((at) => ({ op: 'remove', path: `/${at}` })),
);

describe('The services validator', () => {
  it('judges a list patched from the one it accepted as it judges the whole list afresh', () => {
    fc.assert(
      fc.property(fc.array(operation, { minLength: 1, maxLength: 3 }), (operations) => {
        const accepted = services(4);
        const patched = applyStateDelta(accepted, operations);
        fc.pre(patched.ok);
        const candidate = (patched as { value: Services }).value;
        const incremental = validatorThatAccepted(accepted)(candidate, accepted);
        const whole = createServicesValidator()(candidate, undefined);
        expect(incremental).to.equal(whole);
      }),
      { numRuns: 500 },
    );
  });

  it('names the service and field a delta made invalid', () => {
    const accepted = services(100);
    const validate = validatorThatAccepted(accepted);
    const patched = applyStateDelta(accepted, [{ op: 'replace', path: '/42/latency', value: -1 }]);
    expect(patched.ok).to.equal(true);
    expect(validate((patched as { value: Services }).value, accepted)).to.equal(
      'services.42.latency: Too small: expected number to be >=0',
    );
  });

  it('finds a duplicate id that a delta introduced', () => {
    const accepted = services(3);
    const validate = validatorThatAccepted(accepted);
    const candidate = [...accepted.slice(0, 2), { ...service(2), id: 'svc-0' }];
    expect(validate(candidate, accepted)).to.equal('services.2.id: Duplicate service id "svc-0"');
  });

  it('checks a list against the last list it accepted, not against a rejected one', () => {
    const accepted = services(3);
    const validate = validatorThatAccepted(accepted);
    const rejected = [accepted[0]!, { ...service(1), volume: -3 }, accepted[2]!];
    expect(validate(rejected, accepted)).to.equal(
      'services.1.volume: Too small: expected number to be >=0',
    );
    // Patched from the rejected list: still invalid, though the delta itself touched another service.
    const next = [accepted[0]!, rejected[1]!, { ...service(2), latency: 1 }];
    expect(validate(next, rejected)).to.equal(
      'services.1.volume: Too small: expected number to be >=0',
    );
  });

  it('rejects a value that is not a list', () => {
    expect(createServicesValidator()({ svc: 1 }, undefined)).to.equal(
      'services: Expected an array of services',
    );
  });
});
