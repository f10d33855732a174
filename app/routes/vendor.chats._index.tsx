// With no conversation chosen, the space beside the list says what to do (phones show only the list).
export default function ChooseConversation() {
  return (
    <div className="card empty chats__placeholder">
      <img src="/img/empty.svg" alt="" width={160} height={120} loading="lazy" />
      <p>Choose a conversation to read and reply.</p>
    </div>
  );
}
