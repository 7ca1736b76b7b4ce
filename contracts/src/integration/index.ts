export * from './envelope';
export * from './events';
export * from './json-schema';
export * from './asyncapi';
