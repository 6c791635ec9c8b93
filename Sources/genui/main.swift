print("genui")
