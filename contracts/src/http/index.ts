export * from './route';
export * from './identity';
export * from './vocabulary';
export * from './library';
export * from './courses';
export * from './translation';
export * from './speech';
export * from './social';
