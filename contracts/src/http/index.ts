export * from './route';
export * from './identity';
export * from './vocabulary';
export * from './library';
export * from './series';
