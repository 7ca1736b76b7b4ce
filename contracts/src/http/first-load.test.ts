import { describe, expect, it } from 'vitest';
import { firstLoadRoutes } from './first-load';
import { getUser, signIn, signOut, signUp } from './identity';
import { metaCapi } from './social';

describe('firstLoadRoutes', () => {
  it('name each route by its own method and path', () => {
    const routes = { getUser, signIn, signUp, signOut, metaCapi };
    expect(Object.keys(firstLoadRoutes).sort()).toEqual(Object.keys(routes).sort());
    for (const [name, ref] of Object.entries(firstLoadRoutes)) {
      const route = routes[name as keyof typeof routes];
      expect({ method: ref.method, path: ref.path }, name).toEqual({ method: route.method, path: route.path });
    }
  });
});
