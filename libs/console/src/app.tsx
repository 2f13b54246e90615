import { useEffect, useState } from 'preact/hooks';
import { api, type Json } from './api';
import { Activity } from './activity';
import { Link } from './link';
import { NotificationView } from './notification';
import { Overview } from './overview';
import { RecipientView } from './recipient';
import { useRoute } from './router';
import { SignIn } from './sign-in';

/** The console: the sign-in until a session answers, then the header and the current view. */
export function App() {
  const [project, setProject] = useState<Json | null | undefined>(undefined);
  const route = useRoute();

  useEffect(() => {
    api('GET', '/console/session').then(
      (res) => setProject(res.data.project),
      () => setProject(null),
    );
  }, []);

  if (project === undefined) return <main><p>Loading…</p></main>;
  if (project === null) return <SignIn onSignedIn={setProject} />;

  const signOut = async () => {
    await api('DELETE', '/console/session').catch(() => undefined);
    setProject(null);
  };
  return (
    <>
      <header>
        <nav aria-label="Console">
          <strong>Herald</strong>
          <span class="project">{`${project.name} (#${project.id})`}</span>
          <Link href="/console/activity">Activity</Link>
          <Link href="/console/overview">Overview</Link>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </nav>
      </header>
      {route.view === 'notification' ? <NotificationView id={route.id} /> : route.view === 'recipient' ? <RecipientView id={route.id} /> : route.view === 'overview' ? <Overview /> : <Activity />}
    </>
  );
}
