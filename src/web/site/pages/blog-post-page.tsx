import { trimTrailingSlash } from '#src/web/routing/match-path.ts';
import { useLocation } from '#src/web/routing/router-context.tsx';
import { BlogPostArticle } from '#src/web/site/components/blog-post.tsx';
import { blogPostBodies } from '#src/web/site/content/blog-post-bodies.ts';
import { blogPosts } from '#src/web/site/content/blog-posts.ts';

// Every post's page: the route table gives each post its row, so the address names a post in the list.
export default function BlogPostPage() {
  const path = trimTrailingSlash(useLocation().pathname);
  const post = blogPosts.find((candidate) => candidate.path === path);
  const body = blogPostBodies[path];
  if (!post || !body) throw new Error(`No blog post at ${path}`);
  return <BlogPostArticle post={post} body={body} />;
}
