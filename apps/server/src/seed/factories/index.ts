// The one set of factories: tests and the demo seed make their rows through these (house style: test data and the seed are one code path).
export * from './people';
export * from './hiring';
export * from './pipeline';
export * from './alerts';
