import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { YogaServerInstance } from 'graphql-yoga';
import type { CmsPost } from '../port';
import { readMarkdownPosts } from './posts';

/** The subset of Contentful's generated schema for a `blogPost` content type that the adapter queries. */
const typeDefs = /* GraphQL */ `
  type Asset {
    url: String!
    description: String
  }
  type BlogPost {
    slug: String!
    title: String!
    description: String!
    date: String!
    tag: String!
    language: String
    body: String!
    image: Asset
  }
  type BlogPostCollection {
    total: Int!
    skip: Int!
    limit: Int!
    items: [BlogPost!]!
  }
  enum BlogPostOrder {
    date_ASC
    date_DESC
  }
  input BlogPostFilter {
    slug: String
    tag: String
  }
  type Query {
    blogPostCollection(order: [BlogPostOrder], limit: Int = 100, skip: Int = 0, where: BlogPostFilter): BlogPostCollection
  }
`;

interface CollectionArgs {
  order?: ('date_ASC' | 'date_DESC')[];
  limit: number;
  skip: number;
  where?: { slug?: string | null; tag?: string | null } | null;
}

/** Answers blogPostCollection over `posts` the way Contentful does: filter, order, then skip and limit. */
export function collection(posts: readonly CmsPost[], { order, limit, skip, where }: CollectionArgs) {
  const matching = posts.filter((p) => (where?.slug == null || p.slug === where.slug) && (where?.tag == null || p.tag === where.tag));
  const ascending = order?.[0] === 'date_ASC';
  const sorted = [...matching].sort((a, b) => (ascending ? a.date.localeCompare(b.date) : b.date.localeCompare(a.date)));
  return { total: matching.length, skip, limit, items: sorted.slice(skip, skip + limit) };
}

/** Where the endpoint answers (graphql-yoga's default path, named so the url is known before yoga loads). */
const GRAPHQL_PATH = '/graphql';

export interface LocalBlogEndpoint {
  url: string;
  close(): Promise<void>;
}

/**
 * The embedded default's headless CMS: a GraphQL endpoint (graphql-yoga) on 127.0.0.1 over the Markdown
 * posts in the repository, so the blog's one adapter speaks GraphQL whether or not a hosted CMS is set.
 */
export async function startLocalBlogEndpoint(posts: readonly CmsPost[] = readMarkdownPosts()): Promise<LocalBlogEndpoint> {
  // graphql-yoga is loaded with the first query, not at start: it is a third of a second of every start
  // (`npm run bench -w services -- embedded`), and most runs never open the blog.
  let yoga: Promise<YogaServerInstance<object, object>> | undefined;
  const loadYoga = async () => {
    const { createSchema, createYoga } = await import('graphql-yoga');
    return createYoga({
      schema: createSchema({
        typeDefs,
        resolvers: { Query: { blogPostCollection: (_: unknown, args: CollectionArgs) => collection(posts, args) } },
      }),
      graphqlEndpoint: GRAPHQL_PATH,
      graphiql: false,
      landingPage: false,
      logging: false,
    });
  };
  const server = createServer((req, res) => {
    (yoga ??= loadYoga()).then(
      (y) => y(req, res),
      (error: unknown) => {
        yoga = undefined; // a failed load is tried again by the next query
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`blog endpoint unavailable: ${(error as Error).message}`);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${GRAPHQL_PATH}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
