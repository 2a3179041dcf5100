import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  CommentList,
  CommentListQuery,
  CreateCommentBody,
  CreateCommentResponse,
} from '../../../shared/schemas/community/comments.js';
import { LikeResponse, PostIdParams, PostList, PostListQuery } from '../../../shared/schemas/community/list.js';
import { CommunityMessages } from '../../../shared/schemas/community/messages.js';
import { CreatePostBody, CreatePostResponse } from '../../../shared/schemas/community/post.js';
import type { Platform } from '../../platform/context.js';
import { addComment, commentsOf, createPost, listFeed, toggleLike } from './service.js';

export function communityRoutes(app: FastifyInstance, platform: Platform) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/posts', { schema: { querystring: PostListQuery, response: { 200: PostList } } }, async (request) =>
    listFeed(platform, request.currentUser, request.query),
  );

  api.post(
    '/posts',
    { schema: { body: CreatePostBody, response: { 201: CreatePostResponse } } },
    async (request, reply) => {
      const post = await createPost(platform, request.currentUser, request.body);
      return reply.status(201).send({ post, message: CommunityMessages.posted });
    },
  );

  api.post('/posts/:id/like', { schema: { params: PostIdParams, response: { 200: LikeResponse } } }, async (request) =>
    toggleLike(platform, request.currentUser, request.params.id),
  );

  api.get(
    '/posts/:id/comments',
    { schema: { params: PostIdParams, querystring: CommentListQuery, response: { 200: CommentList } } },
    async (request) => commentsOf(platform, request.params.id, request.query.cursor, request.query.limit),
  );

  api.post(
    '/posts/:id/comments',
    { schema: { params: PostIdParams, body: CreateCommentBody, response: { 201: CreateCommentResponse } } },
    async (request, reply) =>
      reply.status(201).send(await addComment(platform, request.currentUser, request.params.id, request.body.content)),
  );
}
