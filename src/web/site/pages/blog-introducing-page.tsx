import { INTRO_POST_PATH } from '~/shared/brand';
import { BlogPostPage, postAt } from '../components/blog-post';
import { blogPosts } from '../content/blog-posts';

export default function BlogIntroducingPage() {
  return <BlogPostPage post={postAt(blogPosts, INTRO_POST_PATH)} />;
}
