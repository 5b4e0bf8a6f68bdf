/** To support: a profile's delivery deadline is two hours away (or past) and its result has not been sent. */
import { EmailLayout, renderEmail } from "./render.tsx";

export interface DeadlineAlertData {
  profileId: string;
  datingApp: string;
  status: string;
  deadline: Date;
  adminUrl: string;
}

export function renderDeadlineAlertEmail(data: DeadlineAlertData): { subject: string; html: string; text: string } {
  return { subject: `Deadline in under 2 hours: profile ${data.profileId}`, ...renderEmail(<DeadlineAlertEmail data={data} />) };
}

function DeadlineAlertEmail({ data }: { data: DeadlineAlertData }) {
  const minutes = Math.round((data.deadline.getTime() - Date.now()) / 60_000);
  const when = minutes >= 0 ? `in ${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${Math.floor(-minutes / 60)} h ${-minutes % 60} min ago`;
  return (
    <EmailLayout title="Delivery deadline">
      <h1 style={{ fontSize: "20px", margin: "0 0 12px" }}>A delivery deadline is close</h1>
      <p style={{ margin: "0 0 4px" }}>
        <strong>Profile:</strong> {data.profileId} ({data.datingApp}), status {data.status}
      </p>
      <p style={{ margin: "0 0 12px" }}>
        <strong>Deadline:</strong> {data.deadline.toUTCString()} ({when})
      </p>
      <p style={{ margin: "0 0 12px" }}>
        Its result has not been sent to the customer yet. Review and send it in the admin area: <a href={data.adminUrl}>{data.adminUrl}</a>
      </p>
    </EmailLayout>
  );
}
