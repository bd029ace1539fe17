/// Where utterances go: eSpeak NG through ALSA on a kiosk (`VitrineSpeech.Speaker`), a list in
/// tests. Called on the loop thread; an implementation that synthesises must do it elsewhere
/// (a frame is never delayed by speech).
public protocol SpeechOutput: AnyObject {
    /// Says `utterance`. `interrupting`: what is being said stops first and anything queued is
    /// dropped (the focus moved on); otherwise it is said after what is queued.
    func speak(_ utterance: Utterance, interrupting: Bool)
    /// Stops speaking now and drops the queue (the interrupt key, the headset pulled).
    func stopSpeaking()
    /// 0 (silent) … 1 (the device's full level); the visitor's volume keys change it.
    var volume: Double { get set }
}
