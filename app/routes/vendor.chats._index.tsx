// With no conversation chosen, the space beside the list says what to do (phones show only the list); no "nothing
// found" artwork, since nothing is missing.
export default function ChooseConversation() {
  return (
    <div className="card empty chats__placeholder">
      <p>Choose a conversation to read and reply.</p>
    </div>
  );
}
