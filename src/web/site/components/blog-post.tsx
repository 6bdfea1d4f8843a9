import { ArrowLeft } from 'lucide-react';
import { Link } from '#src/web/routing/links.tsx';
import type { BlogPostPart } from '#src/web/site/content/blog-post-bodies.ts';
import type { BlogPost } from '#src/web/site/content/blog-posts.ts';
import { ApplyForBeta } from './page-parts.tsx';

// spec 2: each post has a back link to /blog and an Apply for Beta call to action to /register.
export function BlogPostArticle({ post, body }: { post: BlogPost; body: BlogPostPart[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to blog
      </Link>
      <header className="mt-6">
        <p className="text-sm text-slate-500">
          {post.date} · {post.readTime}
        </p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-balance text-slate-900">{post.title}</h1>
        <p className="mt-4 text-lg text-slate-600">{post.summary}</p>
      </header>
      <div className="mt-10 space-y-8">
        {body.map((part, index) => (
          <section key={index} className="space-y-4">
            {part.heading ? <h2 className="text-2xl font-bold text-slate-900">{part.heading}</h2> : null}
            {part.paragraphs.map((paragraph) => (
              <p key={paragraph} className="text-base leading-7 text-slate-700">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
      <aside className="mt-12 rounded-card bg-accent-50 p-6 text-center">
        <p className="text-lg font-semibold text-slate-900">Want Tessera for your team?</p>
        <ApplyForBeta className="mt-4" />
      </aside>
    </article>
  );
}
